import { Navigate } from 'react-router-dom';

/** The devices screen lives in the administration now: its old address leads there. */
export default function DevicesRedirect() {
  return <Navigate to="/admin/devices" replace />;
}

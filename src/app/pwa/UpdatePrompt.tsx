import { lazy, Suspense } from 'react';
import { useUpdateStore } from './update-store';

const UpdateNotice = lazy(() => import('./UpdateNotice'));

/** Announces a new version with a reload button; the notice's code loads only when there is one. */
export function UpdatePrompt() {
  const needRefresh = useUpdateStore((state) => state.needRefresh);
  if (!needRefresh) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  );
}

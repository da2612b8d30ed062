// The notices' styles come with them (Mantine's core styles first, as Mantine asks).
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { NOTICE_DURATION } from '../ui/notices';

/** Notices at bottom left, 4000 ms unless a notice says otherwise (the spec). */
export default function NoticeContainer() {
  return <Notifications position="bottom-left" autoClose={NOTICE_DURATION} limit={5} />;
}

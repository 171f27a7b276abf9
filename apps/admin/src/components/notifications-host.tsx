import '../app/screen-styles';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear (one at a time, back-office.md 8); mounted lazily, the store (notify.ts) keeps early ones. */
export function NotificationsHost() {
  return <Notifications position="top-center" limit={1} autoClose={3000} zIndex={3000} />;
}

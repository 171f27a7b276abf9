import { notifications } from '@mantine/notifications';
import { ApiError, ConnectionError } from '@swipe/api-client';
import { t } from './i18n';

// One toast at a time, closed after 3 s (back-office.md 8).
const AUTO_CLOSE_MS = 3000;

function show(message: string, color: 'red' | 'teal' | 'blue'): void {
  notifications.clean();
  // the close button's name comes from the theme (app/app.tsx)
  notifications.show({ message, color, autoClose: AUTO_CLOSE_MS, withBorder: true });
}

export function notifySuccess(message: string): void {
  show(message, 'teal');
}

export function notifyInfo(message: string): void {
  show(message, 'blue');
}

/** The message of an error as the catalogue says: server message, else status text, else connection or request error. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message || t('common.error_status', { status: err.status, text: '' });
  if (err instanceof ConnectionError) return t('common.connection_error');
  return t('common.request_error');
}

export function notifyError(err: unknown): void {
  // 401 and 403 are answered by navigation (api.ts), not by a toast.
  if (err instanceof ApiError && (err.status === 401 || (err.status === 403 && err.code !== 'PLAN_FEATURE_REQUIRED'))) return;
  show(errorMessage(err), 'red');
}

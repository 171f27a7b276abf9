import { Card, useEnv } from './parts.js';

// What several visitor screens draw: the icons of their cards and the locked-form notice.

/** basePath + '/' + rest without doubling slashes ('/' + 'login' -> '/login'). */
export function join(base: string, rest: string): string {
  const b = base.replace(/\/+$/, '');
  return `${b}/${rest.replace(/^\/+/, '')}`;
}

export const CheckIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
export const MailIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  </svg>
);
export const LockIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M8 10.5V8a4 4 0 018 0v2.5" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export function Locked() {
  const { t } = useEnv();
  return <Card icon={<LockIcon />} title={t('enduser.locked_title')} lead={t('enduser.locked_body')} />;
}

import { Badge } from '@mantine/core';
import type { NoticeStatus } from '@swipe/core';
import { useT } from '../../lib/i18n';

// A notice's status (public, unpublic, draft, expired), "scheduled" when it waits for its start.
// Colours chosen for AA contrast of the label on its tint.
const COLOR: Record<NoticeStatus, { color: string; variant: 'light' | 'outline' }> = {
  PUBLIC: { color: 'teal', variant: 'light' },
  UNPUBLIC: { color: 'gray', variant: 'outline' },
  DRAFT: { color: 'gray', variant: 'light' },
  EXPIRED: { color: 'red', variant: 'light' },
};

export function NoticeStatusBadge({ status, scheduled }: { status: NoticeStatus; scheduled?: boolean }) {
  const t = useT();
  const look = scheduled ? { color: 'blue', variant: 'light' as const } : COLOR[status];
  return (
    <Badge color={look.color} variant={look.variant} radius="sm" style={{ textTransform: 'none' }} data-testid="notice-status">
      {t(scheduled ? 'admin.notices_status_scheduled' : `admin.notices_status_${status.toLowerCase()}`)}
    </Badge>
  );
}

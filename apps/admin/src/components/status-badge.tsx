import { Badge } from '@mantine/core';
import type { SiteStatus } from '@swipe/core/constants.ts';
import { useT } from '../lib/i18n';

// Colours chosen for AA contrast of the label on its tint (yellow text never passes).
const LOOK: Record<SiteStatus, { color: string; variant: 'light' | 'outline' }> = {
  PUBLISH: { color: 'teal', variant: 'light' },
  PRIVATE: { color: 'gray', variant: 'outline' },
  DRAFT: { color: 'gray', variant: 'light' },
  DOMAIN_VERIFYING: { color: 'blue', variant: 'light' },
};

export function StatusBadge({ status }: { status: SiteStatus }) {
  const t = useT();
  const look = LOOK[status] ?? LOOK.DRAFT;
  return (
    <Badge color={look.color} variant={look.variant} radius="sm" style={{ textTransform: 'none' }}>
      {t(`admin.status_${status.toLowerCase()}`)}
    </Badge>
  );
}

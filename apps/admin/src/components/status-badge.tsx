import { Badge } from '@mantine/core';
import type { SiteStatus } from '@swipe/core/constants.ts';
import { useT } from '../lib/i18n';

interface Look {
  color: string;
  variant: 'light' | 'outline';
}

// Colours chosen for AA contrast of the label on its tint (yellow text never passes).
const LOOK: Record<SiteStatus, Look> = {
  PUBLISH: { color: 'teal', variant: 'light' },
  PRIVATE: { color: 'gray', variant: 'outline' },
  DRAFT: { color: 'gray', variant: 'light' },
  DOMAIN_VERIFYING: { color: 'blue', variant: 'light' },
};
const LOOKS = new Map<string, Look>(Object.entries(LOOK));

/** A site's status (one of SiteStatus; the wire type is a string, and anything else looks like a draft). */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const look = LOOKS.get(status) ?? LOOK.DRAFT;
  return (
    <Badge color={look.color} variant={look.variant} radius="sm" style={{ textTransform: 'none' }}>
      {t(`admin.status_${status.toLowerCase()}`)}
    </Badge>
  );
}

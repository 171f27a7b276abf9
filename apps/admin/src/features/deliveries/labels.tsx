import { Badge } from '@mantine/core';
import type { DeliveryState, DeliveryView } from '@swipe/core';
import { formatDateTime } from '../../lib/format';
import type { T } from '../../lib/i18n';

// Shared bits of the notification delivery screens.

const STATE_COLOR: Record<DeliveryState, string> = { live: 'teal.9', scheduled: 'blue.9', ended: 'gray.7', hidden: 'orange.9' };

export function StateBadge({ state, t }: { state: DeliveryState; t: T }) {
  return (
    <Badge color={STATE_COLOR[state]} variant="outline" radius="sm" style={{ textTransform: 'none' }} data-testid="delivery-state">
      {t(`admin.delivery_state_${state}`)}
    </Badge>
  );
}

export const langLabel = (t: T, lang: string | null) => (lang ? t(`admin.delivery_lang_${lang}`) : t('admin.delivery_lang_all'));

export function windowText(t: T, d: Pick<DeliveryView, 'startDate' | 'endDate'>): string {
  if (!d.startDate && !d.endDate) return t('admin.delivery_window_always');
  return `${d.startDate ? formatDateTime(d.startDate) : '…'} – ${d.endDate ? formatDateTime(d.endDate) : '…'}`;
}

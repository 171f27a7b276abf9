import { Badge, Group, Stack, Text } from '@mantine/core';
import { PLAN_FLAGS, type PlanView } from '@swipe/core';
import type { Lang } from '@swipe/i18n';
import { RowAction, RowActions } from '../../components/data-list/cells';
import { IconCheck, IconEdit, IconLock, IconShare, IconTrash } from '../../components/icons';
import type { T } from '../../lib/i18n';
import { formatNumber, planName } from './labels';

// The cells of a plan row (the list draws them as a table on a desk, as a card on a phone) and its actions.

export interface Actions {
  t: T;
  lang: Lang;
  canEdit: boolean;
  onEdit: (p: PlanView) => void;
  onArchive: (p: PlanView) => void;
  onRestore: (p: PlanView) => void;
  onDelete: (p: PlanView) => void;
  onMove: (p: PlanView) => void;
}

export const yen = (t: T, lang: Lang, n: number) => t('admin.plans_yen', { amount: formatNumber(n, lang) });

export function Quotas({ p, t, lang }: { p: PlanView; t: T; lang: Lang }) {
  return (
    <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
      {t('admin.plans_quota_sites', { count: formatNumber(p.quantitySite, lang) })} ·{' '}
      {t('admin.plans_quota_pages', { count: formatNumber(p.quantitySwipe, lang) })}
      <br />
      {p.limitAccess > 0
        ? `${t('admin.plans_quota_pv', { count: formatNumber(p.limitAccess, lang) })} · +${yen(t, lang, p.limitAccessPrice)}/1,000 PV`
        : t('admin.plans_quota_pv_none')}
    </Text>
  );
}

/** A feature's badge is never cut ("Custom do…"): in a narrow column its words wrap inside it. */
const FLAG_BADGE = {
  root: { textTransform: 'none', height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
} as const;

export function Flags({ p, t }: { p: PlanView; t: T }) {
  const on = PLAN_FLAGS.filter((f) => p[f]);
  if (on.length === 0) return <Text size="xs">{t('admin.plans_no_flags')}</Text>;
  return (
    <Group gap={4} miw={160}>
      {on.map((f) => (
        <Badge key={f} size="sm" variant="outline" color="blue.9" radius="sm" styles={FLAG_BADGE}>
          {t(`admin.plans_flag_${f}`)}
        </Badge>
      ))}
    </Group>
  );
}

export function Accounts({ p, t, lang }: { p: PlanView; t: T; lang: Lang }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{formatNumber(p.accounts, lang)}</Text>
      {p.accountsOnOlder > 0 && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('admin.plans_accounts_older', { count: formatNumber(p.accountsOnOlder, lang) })}
        </Text>
      )}
    </Stack>
  );
}

export function StateBadge({ p, t }: { p: PlanView; t: T }) {
  return (
    <Badge color={p.archived ? 'gray.8' : 'teal.9'} variant="outline" radius="sm" style={{ textTransform: 'none' }}>
      {t(p.archived ? 'admin.plans_state_archived' : 'admin.plans_state_active')}
    </Badge>
  );
}

/** Edit and archive (in use) or delete (never used); restore an archived one; move older versions' accounts to this one. */
export function PlanActions({ p, t, lang, canEdit, onEdit, onArchive, onRestore, onDelete, onMove }: Actions & { p: PlanView }) {
  if (!canEdit) return null;
  const name = planName(p, lang);
  const action = (label: string, aria: string, onClick: () => void, icon: React.ReactNode, color = 'gray') => (
    <RowAction label={label} name={aria} onClick={onClick} icon={icon} color={color} />
  );
  return (
    <RowActions>
      {!p.archived &&
        p.accountsOnOlder > 0 &&
        action(t('admin.plans_move'), t('admin.plans_move_for', { name }), () => onMove(p), <IconShare size={16} />, 'blue')}
      {!p.archived && action(t('admin.plans_edit'), t('admin.plans_edit_for', { name }), () => onEdit(p), <IconEdit size={16} />)}
      {p.archived
        ? action(t('admin.plans_restore'), t('admin.plans_restore_for', { name }), () => onRestore(p), <IconCheck size={16} />)
        : p.used || p.version > 1
          ? action(t('admin.plans_archive'), t('admin.plans_archive_for', { name }), () => onArchive(p), <IconLock size={16} />, 'red')
          : action(t('admin.plans_delete'), t('admin.plans_delete_for', { name }), () => onDelete(p), <IconTrash size={16} />, 'red')}
    </RowActions>
  );
}

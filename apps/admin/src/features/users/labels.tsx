import { Badge } from '@mantine/core';
import { ACCOUNT_TYPES, type AccountType, CHILD_TYPES, type ContractStatus } from '@swipe/core/constants.ts';
import { useT } from '../../lib/i18n';

// What the user screens share: the contract status badge, the types an account may create or find below it.

const COLOR: Record<ContractStatus, { color: string; variant: 'light' | 'outline' }> = {
  ACTIVE: { color: 'teal', variant: 'light' },
  SUSPENDED: { color: 'orange', variant: 'light' },
  TERMINATED: { color: 'red', variant: 'light' },
  INACTIVE: { color: 'gray', variant: 'outline' },
};

export function ContractBadge({ status }: { status: string }) {
  const t = useT();
  const look = COLOR[status as ContractStatus] ?? COLOR.INACTIVE;
  return (
    <Badge color={look.color} variant={look.variant} radius="sm" style={{ textTransform: 'none' }}>
      {t(`admin.users_status_${status.toLowerCase()}`)}
    </Badge>
  );
}

/** The types the user screens create (staff are invited on the admin settings screen). */
export function creatableTypes(effectiveType: AccountType): AccountType[] {
  return CHILD_TYPES[effectiveType].filter((x) => x !== 'SUB_ADMIN');
}

/** Every type that can sit below an account of this type (the list's type filter). */
export function typesBelow(effectiveType: AccountType): AccountType[] {
  const out = new Set<AccountType>();
  const walk = (x: AccountType) => {
    for (const c of CHILD_TYPES[x])
      if (!out.has(c)) {
        out.add(c);
        walk(c);
      }
  };
  walk(effectiveType);
  return ACCOUNT_TYPES.filter((x) => out.has(x));
}

export const typeLabel = (t: ReturnType<typeof useT>, type: string) => t(`admin.account_type_${type.toLowerCase()}`);

/** A contract day (YYYY-MM-DD) as is, or a dash. */
export const day = (v: string | null | undefined) => v ?? '—';

import type { AccountType, Authority } from './constants.js';

/**
 * The back-office menu by role (back-office.md 2 lists the entries, 6 says the mapping is not shown;
 * docs/decisions.md "Menu by role" says why). The server enforces it (`assertMenu` in the accounts
 * module's actor.ts answers 403 for an entry the caller may not use); the admin menu only mirrors it.
 */
export const MENU_ENTRIES = [
  'summary',
  'user_list',
  'site_production',
  'analytics',
  'plan_management',
  'latest_information',
  'system_notification',
  'plan_check',
  'billing',
  'admin_settings',
  'profile_image',
  'delete_account',
] as const;
export type MenuEntry = (typeof MENU_ENTRIES)[number];

type Effective = Exclude<AccountType, 'SUB_ADMIN'>;

const ALL: readonly Effective[] = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN', 'MASTER_USER', 'USER'];
/** those with customers below them: the platform, a reseller, a reseller's administrator */
const SELLERS: readonly Effective[] = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'];

/**
 * Who may use each entry, by the account's effective type (a sub-admin takes its parent's), before the staff rules
 * below. Sellers see their customers; the platform and resellers own plans; only the platform sends system notices;
 * everyone builds sites, reads news, checks its bills (the platform: those it issues) and manages its staff.
 */
const WHO: Record<MenuEntry, readonly Effective[]> = {
  summary: SELLERS,
  user_list: SELLERS,
  site_production: ALL,
  analytics: ALL,
  plan_management: ['MASTER', 'OEM_MASTER'],
  latest_information: ALL,
  system_notification: ['MASTER'],
  plan_check: ALL,
  /** bills: a payer's own, and for the platform and resellers those they issue (docs/decisions.md "Billing entry") */
  billing: ALL,
  admin_settings: ALL,
  profile_image: ALL,
  delete_account: ALL,
};

export interface MenuSubject {
  type: AccountType;
  effectiveType: Effective;
  authority: Authority;
  staffRole?: string | null;
}

/**
 * What the account may open. The platform master cannot delete itself. Staff act for their owner but
 * never run its business: no plans or bills of the owner, and only a main contact with edit authority
 * manages the other staff.
 */
export function menuFor(a: MenuSubject): MenuEntry[] {
  let entries = MENU_ENTRIES.filter((e) => WHO[e].includes(a.effectiveType));
  if (a.type === 'MASTER') entries = entries.filter((e) => e !== 'delete_account');
  if (a.type === 'SUB_ADMIN') {
    entries = entries.filter((e) => e !== 'plan_management' && e !== 'plan_check' && e !== 'billing');
    if (!(a.staffRole === 'MAIN_CONTACT' && a.authority === 'EDIT')) entries = entries.filter((e) => e !== 'admin_settings');
  }
  return entries;
}

export function canUseMenu(a: MenuSubject, entry: MenuEntry): boolean {
  return menuFor(a).includes(entry);
}

import { UNUSABLE_PREFIX } from './repo.js';

// What other modules use of accounts, the floor every module stands on: the account tree and its rows, scoping
// (actor.ts), the account cache, an account's profile image and invoice registration number. accounts owns the
// accounts table: the modules above it (contracts, plans, staff, users, user-import) read and change accounts
// only through the functions below (their SQL is this module's repo).

export { type AccountRow, type Actor, actorFromRow } from './actor.js';
export { accountsChanged, loadAccount } from './cache.js';
export {
  invoiceRegistrationNumberOf,
  type OwnInvoiceIssuer,
  ownInvoiceIssuer,
  setInvoiceRegistrationNumber,
} from './invoice-issuer.js';
export { presentAccount } from './presenter.js';
export { setProfileImage } from './profile.js';
export {
  accountClosed,
  applyDates,
  applyNextPlans,
  bookPlanVersion,
  type ContractRow,
  liveSubtree,
  lockContract,
  setStatus,
  softDelete,
  subtreesOf,
} from './repo/contract.js';
export {
  anyAccountExists,
  type ImportedAccount,
  importParent,
  insertImportedAccounts,
  lockMasterCreation,
  masterExists,
  takenEmails,
} from './repo/create.js';
export type { DashboardScope } from './repo/dashboard.js';
export * as accountsDashboard from './repo/dashboard.js';
export {
  findStaffRow,
  hasLiveCustomers,
  listStaffRows,
  type StaffRow,
  setLicenseIssue,
  staffIdsOf,
  updateStaffRow,
} from './repo/staff.js';
export {
  type AccountBrief,
  type AccountFields,
  accountCompanyMatchesSql,
  accountInSubtreeSql,
  bumpTokenVersion,
  emailTaken,
  findAccountByEmail,
  findAccountById,
  findOemMasterAbove,
  getAccountBrief,
  getAccountBriefs,
  insertAccount,
  lockAccount,
  type NewAccount,
  setPassword as setAccountPassword,
  softDeleteAccounts,
  touchLastLogin,
  UNUSABLE_PREFIX,
  updateAccountFields,
} from './repo.js';

/**
 * An account that has not chosen its own password yet: made with an unusable hash (the user screens,
 * CSV import, staff invites) or told to change the one it was given. Only such an account takes a
 * set-up link (the auth module asks through the service).
 */
export function awaitsPasswordSetup(a: { password_hash: string; must_change_password: boolean }): boolean {
  return !passwordUsable(a.password_hash) || a.must_change_password;
}

/** Whether a stored hash can match any password at all (not the placeholder of an account awaiting set-up). */
export function passwordUsable(hash: string): boolean {
  return hash !== '' && !hash.startsWith(UNUSABLE_PREFIX);
}

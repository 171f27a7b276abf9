import { z } from 'zod';

// Contract transitions of an account (back-office.md 4): the request shapes of the accounts module's
// contract routes. Answers are the account (accountView) or a translated message.

export const CONTRACT_ACTIONS = ['pause', 'resume', 'terminate'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/**
 * PUT /user/{id}/contract. `override`: terminate inside the 12-month minimum contract period; only the
 * platform master (type MASTER, not its staff) may pass it (403 otherwise).
 */
export const contractBody = z.object({
  action: z.enum(CONTRACT_ACTIONS),
  override: z.boolean().default(false),
});
export type ContractBody = z.output<typeof contractBody>;

/**
 * What `contract_history.process_content` holds: a code the client translates. Scheduled changes
 * (executor null, the system) are `inactive`, `activated` and `plan_changed`.
 */
export const CONTRACT_HISTORY_CONTENTS = [
  'created',
  'paused',
  'resumed',
  'terminated',
  'terminated_override',
  'deleted',
  'inactive',
  'activated',
  'plan_changed',
] as const;
export type ContractHistoryContent = (typeof CONTRACT_HISTORY_CONTENTS)[number];

/** The minimum contract period (back-office.md 9): no termination before contract start + 12 months. */
export const CONTRACT_MIN_MONTHS = 12;

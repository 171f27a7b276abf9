-- The user screens. The list filters a subtree by path (accounts_path) and sorts one page of it;
-- these serve its plan filter, the monthly plan change (next_plan_id) and the history's executor names.
CREATE INDEX IF NOT EXISTS accounts_plan ON accounts (plan_id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS accounts_next_plan ON accounts (next_plan_id) WHERE next_plan_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS contract_history_executor ON contract_history (executor_id);

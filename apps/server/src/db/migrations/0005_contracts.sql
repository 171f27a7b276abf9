-- Contracts: a scheduled job runs once per period, whatever its status, across restarts and processes.
-- jobs/schedule.ts names each run `schedule:<period>` (a day or a month in Japan); the queue's own dedupe index
-- only covers QUEUED and RUNNING jobs, this one also remembers the runs that are DONE or FAILED.
CREATE UNIQUE INDEX jobs_schedule_once ON jobs (kind, dedupe_key) WHERE dedupe_key LIKE 'schedule:%';
-- the daily contract-dates job reads accounts by status
CREATE INDEX accounts_contract_status ON accounts (contract_status) WHERE deleted_at IS NULL;

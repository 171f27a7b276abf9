import type { Queryable } from '../../db/db.js';

// api_settings, webhook_messages and webhook_deliveries: the integrations module's tables. Their SQL lives here only.

export interface ApiSettingsRow {
  account_id: number;
  enabled: boolean;
  auth_method: 'IP_RESTRICTION' | 'BASIC_AUTH' | 'API_KEY' | null;
  allowed_ips: string[];
  basic_id: string | null;
  basic_password_hash: string | null;
  api_key_hash: string | null;
  api_key_prefix: string | null;
  endpoint: string | null;
  method: 'POST' | 'PUT' | null;
  tags: 'ALL' | 'CURRENT';
  webhook_secret: string | null;
  scope_from: string | null;
  updated_at: string | null;
}

const SETTINGS_COLS = `account_id, enabled, auth_method, allowed_ips, basic_id, basic_password_hash, api_key_hash, api_key_prefix,
  endpoint, method, tags, webhook_secret, scope_from::text AS scope_from, updated_at::text AS updated_at`;

export function settingsOf(q: Queryable, accountId: number, lock = false): Promise<ApiSettingsRow | undefined> {
  return q.maybeOne<ApiSettingsRow>(`SELECT ${SETTINGS_COLS} FROM api_settings WHERE account_id = $1${lock ? ' FOR UPDATE' : ''}`, [
    accountId,
  ]);
}

export function settingsByKeyHash(q: Queryable, hash: string): Promise<ApiSettingsRow | undefined> {
  return q.maybeOne<ApiSettingsRow>(`SELECT ${SETTINGS_COLS} FROM api_settings WHERE api_key_hash = $1`, [hash]);
}

/** Makes the account's row when it has none, then returns it locked. */
export async function ensureSettings(q: Queryable, accountId: number): Promise<ApiSettingsRow> {
  await q.query('INSERT INTO api_settings (account_id) VALUES ($1) ON CONFLICT (account_id) DO NOTHING', [accountId]);
  return (await settingsOf(q, accountId, true)) as ApiSettingsRow;
}

export interface SettingsWrite {
  enabled: boolean;
  authMethod: string;
  allowedIps: string[];
  basicId: string | null;
  basicPasswordHash: string | null;
  apiKeyHash: string | null;
  apiKeyPrefix: string | null;
  endpoint: string | null;
  method: string;
  tags: string;
  scopeFrom: Date | string | null;
}

export async function writeSettings(q: Queryable, accountId: number, w: SettingsWrite): Promise<void> {
  await q.query(
    `UPDATE api_settings SET enabled = $2, auth_method = $3, allowed_ips = $4, basic_id = $5, basic_password_hash = $6,
       api_key_hash = $7, api_key_prefix = $8, endpoint = $9, method = $10, tags = $11, scope_from = $12, updated_at = now()
     WHERE account_id = $1`,
    [
      accountId,
      w.enabled,
      w.authMethod,
      w.allowedIps,
      w.basicId,
      w.basicPasswordHash,
      w.apiKeyHash,
      w.apiKeyPrefix,
      w.endpoint,
      w.method,
      w.tags,
      w.scopeFrom,
    ],
  );
}

export async function setApiKey(q: Queryable, accountId: number, hash: string, prefix: string): Promise<void> {
  await q.query('UPDATE api_settings SET api_key_hash = $2, api_key_prefix = $3, updated_at = now() WHERE account_id = $1', [
    accountId,
    hash,
    prefix,
  ]);
}

export async function setWebhookSecret(q: Queryable, accountId: number, secret: string): Promise<void> {
  await q.query('UPDATE api_settings SET webhook_secret = $2, updated_at = now() WHERE account_id = $1', [accountId, secret]);
}

// --- webhook messages and their attempts

export interface MessageRow {
  id: number;
  delivery_id: string;
  account_id: number;
  site_id: number;
  kind: string;
  submission_id: number;
  body: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  /** attempts made before the latest (re)queue: this round's count is attempts - retry_base */
  retry_base: number;
  created_at: string;
  delivered_at: string | null;
  last_response_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
}

/** The message of one submission, unless it exists already (then null: it was queued before). */
export async function insertMessageOnce(
  q: Queryable,
  m: { deliveryId: string; accountId: number; siteId: number; kind: string; submissionId: number; body: string },
): Promise<number | null> {
  const row = await q.maybeOne<{ id: number }>(
    `INSERT INTO webhook_messages (delivery_id, account_id, site_id, kind, submission_id, body) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, kind, submission_id) DO NOTHING RETURNING id`,
    [m.deliveryId, m.accountId, m.siteId, m.kind, m.submissionId, m.body],
  );
  return row?.id ?? null;
}

const MESSAGE_COLS = `m.id, m.delivery_id, m.account_id, m.site_id, m.kind, m.submission_id, m.body, m.status, m.attempts, m.retry_base,
  m.created_at, m.delivered_at, d.response_code AS last_response_code, d.duration_ms AS last_duration_ms, d.error AS last_error`;
const LAST_ATTEMPT = `LEFT JOIN LATERAL (SELECT response_code, duration_ms, error FROM webhook_deliveries
  WHERE message_id = m.id ORDER BY id DESC LIMIT 1) d ON true`;

export function messageById(q: Queryable, id: number): Promise<MessageRow | undefined> {
  return q.maybeOne<MessageRow>(`SELECT ${MESSAGE_COLS} FROM webhook_messages m ${LAST_ATTEMPT} WHERE m.id = $1`, [id]);
}

export function latestMessages(q: Queryable, accountId: number, n: number): Promise<MessageRow[]> {
  return q.query<MessageRow>(
    `SELECT ${MESSAGE_COLS} FROM webhook_messages m ${LAST_ATTEMPT} WHERE m.account_id = $1 ORDER BY m.id DESC LIMIT $2`,
    [accountId, n],
  );
}

export interface AttemptRow {
  attempt: number;
  status: 'DELIVERED' | 'FAILED';
  response_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: string;
}
export function attemptsOf(q: Queryable, messageId: number): Promise<AttemptRow[]> {
  return q.query<AttemptRow>(
    'SELECT attempt, status, response_code, duration_ms, error, created_at FROM webhook_deliveries WHERE message_id = $1 ORDER BY id',
    [messageId],
  );
}

/** One attempt: logged, and the message's state moved on (delivered, failed for good, or still pending). */
export async function recordAttempt(
  q: Queryable,
  messageId: number,
  a: { attempt: number; ok: boolean; giveUp: boolean; responseCode: number | null; durationMs: number; error: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO webhook_deliveries (message_id, attempt, status, response_code, duration_ms, error) VALUES ($1, $2, $3, $4, $5, $6)`,
    [messageId, a.attempt, a.ok ? 'DELIVERED' : 'FAILED', a.responseCode, a.durationMs, a.error?.slice(0, 500) ?? null],
  );
  await q.query(
    `UPDATE webhook_messages SET attempts = $2, status = $3, delivered_at = CASE WHEN $3 = 'DELIVERED' THEN now() ELSE delivered_at END
     WHERE id = $1`,
    [messageId, a.attempt, a.ok ? 'DELIVERED' : a.giveUp ? 'FAILED' : 'PENDING'],
  );
}

/** A resend starts this round's count again (the attempt numbers in the log keep growing). */
export async function reopenMessage(q: Queryable, id: number): Promise<void> {
  await q.query("UPDATE webhook_messages SET status = 'PENDING', retry_base = attempts WHERE id = $1", [id]);
}

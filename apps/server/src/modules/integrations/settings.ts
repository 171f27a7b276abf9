import type { ApiSettingsInput, ApiSettingsView } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { fieldError } from '../../errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { rememberBasicCredential } from './leads-auth.js';
import { type ApiSettingsRow, ensureSettings, setApiKey, settingsOf, setWebhookSecret, writeSettings } from './repo.js';
import { refusedDestination, webhookPolicy } from './send.js';

// API settings of the caller's owner account (back-office.md 3 "API settings", 5 "API dialog"; menu entry
// admin_settings, changes need edit authority). Secrets are made here and shown once, in the answer that made
// them, then only their first characters: the API key (stored as sha256: it is 32 random bytes) and the webhook
// signing secret (stored as it is, since it signs each request; made with the first endpoint, or rotated).

export const API_KEY_PREFIX_LENGTH = 12;
export const WEBHOOK_SECRET_PREFIX_LENGTH = 12;

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `swk_${randomToken(32)}`;
  return { key, hash: sha256(key), prefix: key.slice(0, API_KEY_PREFIX_LENGTH) };
}
export const newWebhookSecret = () => `whsec_${randomToken(32)}`;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export function presentSettings(ctx: AppContext, accountId: number, s: ApiSettingsRow | undefined): ApiSettingsView {
  return {
    webhookMode: webhookPolicy(ctx).allowPrivate ? 'local' : 'production',
    accountId,
    enabled: s?.enabled ?? false,
    authMethod: s?.auth_method ?? null,
    allowedIps: s?.allowed_ips ?? [],
    basicId: s?.basic_id ?? '',
    hasBasicPassword: Boolean(s?.basic_password_hash),
    apiKeyPrefix: s?.api_key_prefix ?? null,
    webhookUrl: s?.endpoint ?? '',
    webhookMethod: s?.method ?? 'POST',
    webhookSecretPrefix: s?.webhook_secret ? s.webhook_secret.slice(0, WEBHOOK_SECRET_PREFIX_LENGTH) : null,
    tags: s?.tags ?? 'ALL',
    scopeFrom: iso(s?.scope_from),
    updatedAt: iso(s?.updated_at),
  };
}

/** The caller's owner's settings (the defaults until the first save). */
export async function getSettings(ctx: AppContext, actor: Actor): Promise<ApiSettingsView> {
  assertMenu(actor, 'admin_settings');
  return presentSettings(ctx, actor.ownerId, await settingsOf(ctx.db, actor.ownerId));
}

type Saved = { settings: ApiSettingsView; apiKey: string | null; webhookSecret: string | null };

/**
 * Saves the dialog; answers the new API key once when the API key method gets its first key, and the webhook
 * signing secret once when the first endpoint is saved.
 */
export async function saveSettings(ctx: AppContext, actor: Actor, body: ApiSettingsInput): Promise<Saved> {
  assertMenu(actor, 'admin_settings');
  assertCanEdit(actor);
  // plain http and private addresses are for a server in local mode only (core lets http://localhost through;
  // production refuses them, literal addresses by the IPv4 they may carry: send.ts), and the message says so
  if (body.webhookUrl && refusedDestination(new URL(body.webhookUrl), webhookPolicy(ctx)))
    throw fieldError('webhookUrl', 'validation.api_webhook_url_production');
  const ips = [...new Set(body.allowedIps.filter((s) => s !== ''))];
  let newBasic: string | null = null;
  const saved = await ctx.db.tx(async (q) => {
    const cur = await ensureSettings(q, actor.ownerId);
    let passwordHash = cur.basic_password_hash;
    if (body.authMethod === 'BASIC_AUTH') {
      const idChanged = (cur.basic_id ?? '') !== body.basicId;
      if (body.basicPassword) passwordHash = newBasic = await hashPassword(body.basicPassword);
      else if (!passwordHash || idChanged) throw fieldError('basicPassword', 'validation.api_basic_required');
    }
    let apiKey: string | null = null;
    let keyHash = cur.api_key_hash;
    let keyPrefix = cur.api_key_prefix;
    if (body.authMethod === 'API_KEY' && !keyHash) {
      const k = newApiKey();
      apiKey = k.key;
      keyHash = k.hash;
      keyPrefix = k.prefix;
    }
    const scopeFrom = body.tags === 'CURRENT' ? (cur.tags === 'CURRENT' && cur.scope_from ? cur.scope_from : new Date()) : null;
    await writeSettings(q, actor.ownerId, {
      enabled: body.enabled,
      authMethod: body.authMethod,
      allowedIps: body.authMethod === 'IP_RESTRICTION' ? ips : cur.allowed_ips,
      basicId: body.authMethod === 'BASIC_AUTH' ? body.basicId : cur.basic_id,
      basicPasswordHash: passwordHash,
      apiKeyHash: keyHash,
      apiKeyPrefix: keyPrefix,
      endpoint: body.webhookUrl || null,
      method: body.webhookMethod,
      tags: body.tags,
      scopeFrom,
    });
    const webhookSecret = body.webhookUrl && !cur.webhook_secret ? newWebhookSecret() : null;
    if (webhookSecret) await setWebhookSecret(q, actor.ownerId, webhookSecret);
    return { settings: presentSettings(ctx, actor.ownerId, await settingsOf(q, actor.ownerId)), apiKey, webhookSecret };
  });
  // the leads API lets this credential through even while guessing holds its address back (leads-auth.ts)
  if (newBasic) await rememberBasicCredential(ctx, actor.ownerId, newBasic, `${body.basicId}:${body.basicPassword}`);
  return saved;
}

/** A new API key; the old one stops working at once. */
export async function rotateApiKey(ctx: AppContext, actor: Actor): Promise<Saved> {
  assertMenu(actor, 'admin_settings');
  assertCanEdit(actor);
  return ctx.db.tx(async (q) => {
    await ensureSettings(q, actor.ownerId);
    const k = newApiKey();
    await setApiKey(q, actor.ownerId, k.hash, k.prefix);
    return { settings: presentSettings(ctx, actor.ownerId, await settingsOf(q, actor.ownerId)), apiKey: k.key, webhookSecret: null };
  });
}

/** A new webhook signing secret, answered this once: requests from now on are signed with it. */
export async function rotateWebhookSecret(ctx: AppContext, actor: Actor): Promise<Saved> {
  assertMenu(actor, 'admin_settings');
  assertCanEdit(actor);
  return ctx.db.tx(async (q) => {
    await ensureSettings(q, actor.ownerId);
    const secret = newWebhookSecret();
    await setWebhookSecret(q, actor.ownerId, secret);
    return { settings: presentSettings(ctx, actor.ownerId, await settingsOf(q, actor.ownerId)), apiKey: null, webhookSecret: secret };
  });
}

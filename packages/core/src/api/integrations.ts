import { z } from 'zod';

// Shapes of the integrations module: API settings per account, the leads API and the
// outbound webhook's delivery log. Custom messages are i18n keys.

export const API_AUTH_METHODS = ['IP_RESTRICTION', 'BASIC_AUTH', 'API_KEY'] as const;
export type ApiAuthMethod = (typeof API_AUTH_METHODS)[number];
export const WEBHOOK_METHODS = ['POST', 'PUT'] as const;
/** ALL: every record of the account's sites; CURRENT: only records stored since "current" was chosen (docs/decisions.md) */
export const API_TAGS = ['ALL', 'CURRENT'] as const;
export const LEAD_KINDS = ['members', 'contacts', 'forms', 'survey-responses'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEADS_MAX_LIMIT = 200;
export const API_MAX_IPS = 50;
export const DELIVERY_LOG_SIZE = 50;
/**
 * Where this server sends webhooks: production, https to addresses on the internet only; local, also plain http and
 * this machine or private networks (a development server, or production with WEBHOOK_ALLOW_PRIVATE=true).
 */
export const WEBHOOK_MODES = ['production', 'local'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(s: string): boolean {
  let text = s;
  let groups = 8;
  // an embedded IPv4 tail counts as two groups
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (!IPV4.test(tail[1] as string)) return false;
    text = `${text.slice(0, tail.index)}:0`;
    groups = 7;
  }
  const hex = /^[0-9a-f]{1,4}$/i;
  const parts = text.split('::');
  if (parts.length > 2) return false;
  const split = (p: string) => (p === '' ? [] : p.split(':'));
  if (parts.length === 1) {
    const g = split(text);
    return g.length === groups && g.every((x) => hex.test(x));
  }
  const a = split(parts[0] as string);
  const b = split(parts[1] as string);
  return a.length + b.length < groups && [...a, ...b].every((x) => hex.test(x));
}

/** An IPv4 or IPv6 address, or a CIDR range of one (pure: the admin bundle runs it too). */
export function isIpOrCidr(value: string): boolean {
  const [addr, bits, extra] = value.trim().split('/');
  if (extra !== undefined || !addr) return false;
  const v4 = IPV4.test(addr);
  if (!v4 && !isIpv6(addr)) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v4 ? 32 : 128);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/**
 * https, or http to this machine. The server says more by its mode (WEBHOOK_MODES): in production it refuses
 * plain http and private addresses (modules/integrations/send.ts).
 */
export function isWebhookUrl(value: string): boolean {
  try {
    const u = new URL(value);
    if (u.username || u.password) return false;
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname));
  } catch {
    return false;
  }
}

/** PUT /integrations/settings. Secrets (the API key, the webhook secret) are made by the server, never sent. */
export const apiSettingsBody = z
  .object({
    enabled: z.boolean(),
    authMethod: z.enum(API_AUTH_METHODS),
    allowedIps: z.array(z.string().trim().max(64)).max(API_MAX_IPS).default([]),
    basicId: z.string().trim().max(50).default(''),
    /** empty: keep the stored password */
    basicPassword: z.string().max(100).default(''),
    webhookUrl: z.string().trim().max(256).default(''),
    webhookMethod: z.enum(WEBHOOK_METHODS).default('POST'),
    tags: z.enum(API_TAGS).default('ALL'),
  })
  .superRefine((v, ctx) => {
    if (v.authMethod === 'IP_RESTRICTION') {
      const ips = v.allowedIps.filter((s) => s !== '');
      if (ips.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.api_ip_required', path: ['allowedIps'] });
      if (ips.some((s) => !isIpOrCidr(s))) ctx.addIssue({ code: 'custom', message: 'validation.api_ip_invalid', path: ['allowedIps'] });
    }
    if (v.authMethod === 'BASIC_AUTH' && !v.basicId)
      ctx.addIssue({ code: 'custom', message: 'validation.api_basic_required', path: ['basicId'] });
    if (v.webhookUrl !== '' && !isWebhookUrl(v.webhookUrl))
      ctx.addIssue({ code: 'custom', message: 'validation.api_webhook_url', path: ['webhookUrl'] });
  });
export type ApiSettingsBody = z.input<typeof apiSettingsBody>;
export type ApiSettingsInput = z.output<typeof apiSettingsBody>;

export const apiSettingsView = z.object({
  enabled: z.boolean(),
  authMethod: z.enum(API_AUTH_METHODS).nullable(),
  allowedIps: z.array(z.string()),
  basicId: z.string(),
  hasBasicPassword: z.boolean(),
  /** the first characters of the API key, shown after the key itself was shown once */
  apiKeyPrefix: z.string().nullable(),
  webhookUrl: z.string(),
  webhookMethod: z.enum(WEBHOOK_METHODS),
  /** where this server may send webhooks (WEBHOOK_MODES), so the screen can say which rule applies */
  webhookMode: z.enum(WEBHOOK_MODES),
  /** the first characters of the webhook signing secret (null until an endpoint is first saved); the secret itself
   * is shown once, in the answer that made it */
  webhookSecretPrefix: z.string().nullable(),
  tags: z.enum(API_TAGS),
  /** CURRENT: records stored from this moment on */
  scopeFrom: z.string().nullable(),
  accountId: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type ApiSettingsView = z.output<typeof apiSettingsView>;

/**
 * A save or a rotation: the settings, and the new API key or webhook signing secret when one was made (each shown
 * this once, never again).
 */
export const apiSettingsResponse = z.object({
  settings: apiSettingsView,
  apiKey: z.string().nullable(),
  webhookSecret: z.string().nullable(),
  message: z.string(),
});
export type ApiSettingsResponse = z.output<typeof apiSettingsResponse>;

export const WEBHOOK_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const webhookAttempt = z.object({
  attempt: z.number().int(),
  status: z.enum(['DELIVERED', 'FAILED']),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  at: z.string(),
});
export const webhookDelivery = z.object({
  id: z.number().int(),
  deliveryId: z.string(),
  kind: z.string(),
  siteId: z.number().int(),
  submissionId: z.number().int(),
  status: z.enum(WEBHOOK_STATUSES),
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.output<typeof webhookDelivery>;
export const webhookDeliveryList = z.object({ items: z.array(webhookDelivery) });
export const webhookDeliveryDetail = webhookDelivery.extend({ attemptLog: z.array(webhookAttempt) });
export type WebhookDeliveryDetail = z.output<typeof webhookDeliveryDetail>;

// The leads API (the account's own systems; documented in the OpenAPI document).
export const leadsParams = z.object({ kind: z.enum(LEAD_KINDS) });
export const leadsQuery = z.object({
  /** the next_cursor of the previous page; absent: from the start */
  since: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LEADS_MAX_LIMIT).default(100),
});
export const leadRecord = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  email: z.string().nullable(),
  lang: z.string().nullable(),
  createdAt: z.string(),
  /** members: PROVISIONAL, ACTIVE or DISABLED */
  status: z.string().optional(),
  confirmedAt: z.string().nullable().optional(),
  /** form values (members, contacts, forms) */
  data: z.record(z.string(), z.unknown()).optional(),
  /** survey responses */
  surveyId: z.number().int().optional(),
  answers: z.unknown().optional(),
  score: z.number().int().optional(),
  pageId: z.number().int().nullable().optional(),
  ctaId: z.number().int().nullable().optional(),
  clickSource: z.string().nullable().optional(),
});
export type LeadRecord = z.output<typeof leadRecord>;
export const leadsPage = z.object({ items: z.array(leadRecord), nextCursor: z.string().nullable(), hasMore: z.boolean() });
export type LeadsPage = z.output<typeof leadsPage>;

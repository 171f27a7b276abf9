import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { columnToLetters, formatCellRef, lettersToColumn, parseCellRef } from './cell.js';
import { countdown, isPopupItemActive } from './countdown.js';
import { toFieldIssues } from './issues.js';
import { siteDocumentSchema } from './site.js';
import {
  apiSettings,
  bodyScript,
  cellRef,
  checkConsecutiveCreatives,
  checkDateRange,
  checkMonth,
  checkUpload,
  color,
  colorOrEmpty,
  companyInfo,
  domain,
  email,
  endUserPassword,
  globalMenu,
  limitField,
  linkUrl,
  notificationBody,
  operatorPassword,
  previewSecurity,
  seoDescription,
  seoH1,
  seoTitle,
  siteDimensions,
  text,
  uuid,
  withConfirmation,
} from './validation.js';

function keys(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldIssues(r.error).map((i) => i.key);
}
const ok = (schema: z.ZodType, value: unknown) => expect(keys(schema, value)).toEqual([]);
const bad = (schema: z.ZodType, value: unknown, key?: string) => {
  const k = keys(schema, value);
  expect(k.length).toBeGreaterThan(0);
  if (key) expect(k).toContain(key);
};

describe('passwords (back-office 5, viewer 5)', () => {
  const pad = (n: number) => 'Aa1@' + 'x'.repeat(n - 4);
  it('operator: 8 to 50 characters', () => {
    ok(operatorPassword, pad(8));
    bad(operatorPassword, pad(7), 'validation.min_length');
    ok(operatorPassword, pad(50));
    bad(operatorPassword, pad(51), 'validation.max_length');
  });
  it('end user: 8 to 20 characters', () => {
    ok(endUserPassword, pad(8));
    bad(endUserPassword, pad(7), 'validation.min_length');
    ok(endUserPassword, pad(20));
    bad(endUserPassword, pad(21), 'validation.max_length');
  });
  it('needs each class', () => {
    bad(operatorPassword, 'AAAA1@AA', 'validation.password_lowercase');
    bad(operatorPassword, 'aaaa1@aa', 'validation.password_uppercase');
    bad(operatorPassword, 'Aaaaa@aa', 'validation.password_digit');
    bad(operatorPassword, 'Aaaaa1aa', 'validation.password_special');
  });
  it('accepts every allowed special and no other', () => {
    for (const s of '@#$%^&*()_+|{}<>:;[]-=,.?') ok(endUserPassword, `Abcdef1${s}`);
    for (const s of ['!', '~', '/', '"', "'", '`', '\\', 'é']) bad(endUserPassword, `Abcdef1@${s}`, 'validation.password_invalid_char');
  });
  it('refuses spaces', () => {
    bad(endUserPassword, 'Abc def1@', 'validation.password_no_spaces');
    bad(endUserPassword, 'Abcdef1@\t', 'validation.password_no_spaces');
  });
  it('confirmation must match', () => {
    const s = withConfirmation(z.object({ password: endUserPassword, confirmPassword: z.string() }));
    ok(s, { password: 'Abcdef1@', confirmPassword: 'Abcdef1@' });
    bad(s, { password: 'Abcdef1@', confirmPassword: 'Abcdef1#' }, 'validation.passwords_mismatch');
  });
  it('missing is required, wrong type is a type error', () => {
    expect(keys(operatorPassword, undefined)).toEqual(['validation.required']);
    expect(keys(operatorPassword, 12345678)).toEqual(['validation.invalid_type']);
  });
});

describe('e-mail', () => {
  it('accepts ordinary addresses', () => {
    for (const e of ['a@b.co', 'first.last+tag@sub.example.com', 'x_y@example.jp']) ok(email, e);
  });
  it('refuses double dots, missing parts and short suffixes', () => {
    for (const e of [
      'a..b@example.com',
      '@example.com',
      'a@',
      'a@example',
      'a@example.c',
      'a b@example.com',
      'a@exa..mple.com',
      '.a@example.com',
      'a.@example.com',
    ])
      bad(email, e, 'validation.email');
  });
  it('empty is required', () => bad(email, '', 'validation.required'));
});

describe('text limits', () => {
  it('general text 50', () => {
    ok(text, 'x'.repeat(50));
    bad(text, 'x'.repeat(51), 'validation.max_length');
  });
  it('limit field under 10 characters', () => {
    ok(limitField, '123456789');
    bad(limitField, '1234567890', 'validation.max_length');
  });
  it('link URL valid and at most 256', () => {
    const base = 'https://example.com/';
    ok(linkUrl, base + 'a'.repeat(256 - base.length));
    bad(linkUrl, base + 'a'.repeat(257 - base.length), 'validation.max_length');
    bad(linkUrl, 'javascript:alert(1)', 'validation.url');
    bad(linkUrl, 'not a url', 'validation.url');
  });
  it('notification body 120', () => {
    ok(notificationBody, 'x'.repeat(120));
    bad(notificationBody, 'x'.repeat(121), 'validation.max_length');
  });
});

describe('colours', () => {
  it('hex 3 or 6, rgb(a), hsl(a)', () => {
    for (const c of ['#fff', '#FFFFFF', 'rgb(1,2,3)', 'rgba(1, 2, 3, 0.5)', 'hsl(120, 50%, 50%)', 'hsla(120,50%,50%,0.3)']) ok(color, c);
    for (const c of ['#ffff', '#fffffff', 'fff', 'red', 'rgb(1,2)', '#ggg']) bad(color, c, 'validation.color');
  });
  it('viewer treats invalid colours as empty', () => {
    expect(colorOrEmpty('#123')).toBe('#123');
    expect(colorOrEmpty('blue')).toBeUndefined();
  });
});

describe('SEO', () => {
  it('lengths 60 / 70 / 160', () => {
    ok(seoTitle, 'a'.repeat(60));
    bad(seoTitle, 'a'.repeat(61), 'validation.max_length');
    ok(seoH1, 'a'.repeat(70));
    bad(seoH1, 'a'.repeat(71), 'validation.max_length');
    ok(seoDescription, 'a'.repeat(160));
    bad(seoDescription, 'a'.repeat(161), 'validation.max_length');
  });
  it('allowed characters only, no leading or trailing whitespace', () => {
    ok(seoTitle, 'デモ Shop | Spring-2026: [new] (sale)');
    for (const s of ['a_b', 'a!', 'a😀', 'a/b', 'a&b']) bad(seoTitle, s, 'validation.seo_invalid_chars');
    bad(seoTitle, ' lead', 'validation.seo_whitespace');
    bad(seoTitle, 'trail ', 'validation.seo_whitespace');
  });
  it('body: only script tags with src and optional defer', () => {
    ok(bodyScript, '');
    ok(bodyScript, '<script src="https://cdn.example.com/a.js"></script>');
    ok(bodyScript, '<script src="https://a.example/x.js" defer></script>\n<script src=\'/b.js\'></script>');
    bad(bodyScript, '<script>alert(1)</script>', 'validation.seo_script_tags');
    bad(bodyScript, '<script src="a.js" onload="x()"></script>', 'validation.seo_script_tags');
    bad(bodyScript, '<div>hi</div>', 'validation.seo_script_tags');
    bad(bodyScript, '<script src="https://a.example/x.js"></script> eval', 'validation.seo_dangerous_functions');
    bad(bodyScript, '<script src="https://a/setTimeout.js"></script>', 'validation.seo_dangerous_functions');
    bad(bodyScript, '<script src="https://a/setInterval.js"></script>', 'validation.seo_dangerous_functions');
  });
  it('head tags and body at most 65535', () => {
    const tag = '<script src="https://a.example/x.js"></script>';
    const many = tag.repeat(Math.floor(65535 / tag.length));
    ok(bodyScript, many);
    bad(bodyScript, many + 'x'.repeat(65535 - many.length + 1), 'validation.max_length');
  });
});

describe('dates', () => {
  it('end required when start given; end after start', () => {
    expect(checkDateRange('2026-01-01', null)).toBe('validation.date_end_required');
    expect(checkDateRange('2026-01-02', '2026-01-01')).toBe('validation.date_end_after_start');
    expect(checkDateRange('2026-01-01', '2026-01-01')).toBe('validation.date_end_after_start');
    expect(checkDateRange('2026-01-01', '2026-01-02')).toBeNull();
    expect(checkDateRange(null, null)).toBeNull();
  });
  it('no future months; not more than one year back', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(checkMonth('2026-11', now)).toBeNull();
    expect(checkMonth('2026-12', now)).toBe('validation.date_future');
    expect(checkMonth('2025-11', now)).toBeNull();
    expect(checkMonth('2025-10', now)).toBe('validation.date_too_old');
    expect(checkMonth('2026-13', now)).toBe('validation.date');
    // the month is Japan's: 2026-11-30 15:00 UTC is 1 December 00:00 in Japan
    expect(checkMonth('2026-12', new Date('2026-11-30T14:59:59Z'))).toBe('validation.date_future');
    expect(checkMonth('2026-12', new Date('2026-11-30T15:00:00Z'))).toBeNull();
    expect(checkMonth('2025-11', new Date('2026-11-30T15:00:00Z'))).toBe('validation.date_too_old');
  });
});

describe('site rules', () => {
  it('rows x columns cannot be 0 and cannot exceed the plan', () => {
    const dims = siteDimensions(50);
    ok(dims, { numberHorizontal: 5, numberVertical: 10 });
    bad(dims, { numberHorizontal: 0, numberVertical: 10 }, 'validation.site_rows_cols_zero');
    bad(dims, { numberHorizontal: 3, numberVertical: 0 }, 'validation.site_rows_cols_zero');
    bad(dims, { numberHorizontal: 51, numberVertical: 1 }, 'validation.site_creative_limit');
    bad(dims, { numberHorizontal: 17, numberVertical: 3 }, 'validation.site_creative_limit');
  });
  it('global menu: required, non-empty, unique', () => {
    ok(globalMenu, ['A', 'B']);
    bad(globalMenu, [], 'validation.menu_required');
    bad(globalMenu, ['A', '  '], 'validation.menu_empty');
    bad(globalMenu, ['A', 'A'], 'validation.menu_duplicate');
  });
  it('creatives uploaded consecutively', () => {
    expect(checkConsecutiveCreatives([[true, true, false]])).toBeNull();
    expect(checkConsecutiveCreatives([[true, false, true]])).toBe('validation.creatives_consecutive');
    expect(checkConsecutiveCreatives([[false, true]])).toBe('validation.creatives_consecutive');
  });
  it('name required in the document', () => {
    const doc = {
      name: ' ',
      numberHorizontal: 1,
      numberVertical: 1,
      languages: ['ja'],
      translations: { ja: { globalMenu: ['A'] } },
      categories: [{ pages: [{}] }],
    };
    bad(siteDocumentSchema, doc, 'validation.site_name_required');
    ok(siteDocumentSchema, { ...doc, name: 'x' });
  });
});

describe('company, domain, uuid, API, preview', () => {
  it('terms and privacy required with contract agreement', () => {
    ok(companyInfo, { contractAgreementRequired: false });
    const k = keys(companyInfo, { contractAgreementRequired: true });
    expect(k).toEqual(['validation.terms_required', 'validation.privacy_required']);
    ok(companyInfo, { contractAgreementRequired: true, termsOfService: 'https://a.example/t', privacyPolicy: 'https://a.example/p' });
    bad(companyInfo, { companyWebsite: 'ftp://x' }, 'validation.url');
  });
  it('domain and uuid formats', () => {
    ok(domain, 'shop.example.co.jp');
    for (const d of ['localhost', '-a.example.com', 'a..example.com', 'http://a.example.com', 'a.example.c'])
      bad(domain, d, 'validation.domain');
    ok(uuid, '3f2b8f0e-4b7a-4c1d-9e2f-0a1b2c3d4e5f');
    bad(uuid, '3f2b8f0e-4b7a-4c1d-9e2f-0a1b2c3d4e5', 'validation.uuid');
  });
  it('API dialog requirements', () => {
    bad(apiSettings, { enabled: true, authMethod: 'IP_RESTRICTION' }, 'validation.api_ip_required');
    ok(apiSettings, { enabled: true, authMethod: 'IP_RESTRICTION', allowedIps: ['1.2.3.4'] });
    bad(apiSettings, { enabled: true, authMethod: 'API_KEY' }, 'validation.api_key_required');
    bad(apiSettings, { enabled: true, authMethod: 'BASIC_AUTH', basicId: 'id' }, 'validation.api_basic_required');
  });
  it('preview security needs a password', () => {
    bad(previewSecurity, { previewSecurity: true, password: '' }, 'validation.preview_password_required');
    ok(previewSecurity, { previewSecurity: true, password: 'x' });
    ok(previewSecurity, { previewSecurity: false });
  });
});

describe('uploads', () => {
  const MB = 1024 * 1024;
  it('types and the 30 MB limit', () => {
    expect(checkUpload('image', 'image/jpeg', 30 * MB)).toBeNull();
    expect(checkUpload('image', 'image/jpeg', 30 * MB + 1)).toBe('validation.upload_size');
    expect(checkUpload('image', 'image/svg+xml', 10)).toBe('validation.upload_format_image');
    expect(checkUpload('image', 'text/html', 10)).toBe('validation.upload_format_image');
    expect(checkUpload('video', 'video/mp4', 30 * MB)).toBeNull();
    expect(checkUpload('video', 'video/quicktime', 30 * MB + 1)).toBe('validation.upload_size');
    expect(checkUpload('video', 'video/webm', 10)).toBeNull(); // phones make WebM
    expect(checkUpload('video', 'video/x-msvideo', 10)).toBe('validation.upload_format_video');
    expect(checkUpload('image', 'image/png', 2 * MB + 1, 2 * MB)).toBe('validation.upload_size');
    expect(checkUpload('image', 'image/png', 0)).toBe('validation.upload_empty');
  });
});

describe('cell references', () => {
  it('1 to 3 letters then 1..100', () => {
    for (const c of ['A1', 'z100', 'AB12', 'ABC1']) ok(cellRef, c);
    for (const c of ['A0', 'A101', 'ABCD1', '1A', 'A', 'A01']) bad(cellRef, c, 'validation.cell_ref');
    expect(parseCellRef('B3')).toEqual({ column: 2, row: 3 });
    expect(parseCellRef('AA1')).toEqual({ column: 27, row: 1 });
    expect(parseCellRef('A101')).toBeNull();
  });
  it('base-26 columns round-trip', () => {
    for (const n of [1, 26, 27, 52, 702, 703, 18278]) expect(lettersToColumn(columnToLetters(n))).toBe(n);
    expect(formatCellRef({ column: 28, row: 5 })).toBe('AB5');
  });
});

describe('countdown (viewer 4)', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  it('none without dates, empty at zero', () => {
    expect(countdown(null, at(1000), now)).toEqual({ kind: 'none' });
    expect(countdown(at(-1000), at(0), now)).toEqual({ kind: 'empty' });
    expect(countdown(at(-1000), at(-1), now)).toEqual({ kind: 'empty' });
  });
  it('minutes under 60, hours under 72, else days', () => {
    expect(countdown(at(-1), at(59 * 60_000), now)).toEqual({ kind: 'minutes', value: 59 });
    expect(countdown(at(-1), at(60 * 60_000), now)).toEqual({ kind: 'hours', value: 1 });
    expect(countdown(at(-1), at(72 * 3600_000 - 1), now)).toEqual({ kind: 'hours', value: 71 });
    expect(countdown(at(-1), at(72 * 3600_000), now)).toEqual({ kind: 'days', value: 3 });
  });
  it('activity needs the window and the page', () => {
    const item = { startDate: at(-1000), endDate: at(1000), effectivePages: [1, 3] };
    expect(isPopupItemActive(item, 1, now)).toBe(true);
    expect(isPopupItemActive(item, 2, now)).toBe(false);
    expect(isPopupItemActive({ ...item, startDate: at(10) }, 1, now)).toBe(false);
    expect(isPopupItemActive({ ...item, endDate: at(0) }, 1, now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFieldIssues } from './issues.js';
import { campaignItemSchema, campaignSchema } from './site.js';

// Draggable campaign items: kinds, limits at their edges, and the call-to-action rules.

function issues(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldIssues(r.error).map((i) => `${i.path}:${i.key}`);
}
const item = (over: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) => ({
  type: 'BUTTON',
  ...over,
  settings: { text: { ja: '応募する' }, ...settings },
});

describe('campaign items', () => {
  it('fills defaults: a text button at 10 % / 10 %, no CTA', () => {
    const v = campaignItemSchema.parse({});
    expect(v).toMatchObject({ type: 'BUTTON', side: 'left', pos: { left: 10, top: 10 } });
    expect(v.settings).toMatchObject({
      width: 160,
      height: 48,
      zIndex: 1,
      buttonShape: 'MODERATELY_ROUNDED_EDGE',
      buttonAnimation: 'NONE',
    });
    expect(campaignSchema.parse({}).buttons).toEqual([]);
  });

  it('takes positions 0..100 percent and refuses outside', () => {
    expect(issues(campaignItemSchema, item({ pos: { left: 0, top: 100 } }))).toEqual([]);
    expect(issues(campaignItemSchema, item({ pos: { left: -0.1, top: 100.1 } }))).toEqual([
      'pos.left:validation.min_value',
      'pos.top:validation.max_value',
    ]);
  });

  it('keeps size, z, text size and HTML within the page-button limits', () => {
    expect(issues(campaignItemSchema, item({}, { width: 1, height: 2000, zIndex: 1000, textSize: 120 }))).toEqual([]);
    expect(issues(campaignItemSchema, item({}, { width: 0, height: 2001, zIndex: 1001, textSize: 5 }))).toEqual([
      'settings.width:validation.min_value',
      'settings.height:validation.max_value',
      'settings.zIndex:validation.max_value',
      'settings.textSize:validation.min_value',
    ]);
    expect(issues(campaignItemSchema, item({ type: 'HTML_BUTTON' }, { html: 'x'.repeat(20_000) }))).toEqual([]);
    expect(issues(campaignItemSchema, item({ type: 'HTML_BUTTON' }, { html: 'x'.repeat(20_001) }))).toEqual([
      'settings.html:validation.max_length',
    ]);
    expect(issues(campaignItemSchema, item({}, { text: { ja: 'x'.repeat(51) } }))).toEqual(['settings.text.ja:validation.max_length']);
  });

  it('reuses the shape and animation lists of page buttons', () => {
    expect(issues(campaignItemSchema, item({}, { buttonShape: 'PILL', buttonAnimation: 'PULSE_OUT' }))).toEqual([]);
    expect(issues(campaignItemSchema, item({}, { buttonShape: 'ROUND', buttonAnimation: 'SPIN' }))).toEqual([
      'settings.buttonShape:validation.invalid_option',
      'settings.buttonAnimation:validation.invalid_option',
    ]);
    expect(issues(campaignItemSchema, item({ type: 'VIDEO' }))).toEqual(['type:validation.invalid_option']);
  });

  it('requires the image of image kinds and the HTML of HTML buttons', () => {
    expect(issues(campaignItemSchema, item({ type: 'IMAGE' }))).toEqual(['imageUrl:validation.required']);
    expect(issues(campaignItemSchema, item({ type: 'MEDIA_BUTTON', imageUrl: '' }))).toEqual(['imageUrl:validation.required']);
    expect(issues(campaignItemSchema, item({ type: 'IMAGE', imageUrl: 'javascript:alert(1)' }))).toEqual(['imageUrl:validation.url']);
    expect(issues(campaignItemSchema, item({ type: 'IMAGE', imageUrl: 'sites/1/a.png' }))).toEqual([]);
    expect(issues(campaignItemSchema, item({ type: 'HTML_BUTTON' }, { html: '  ' }))).toEqual(['settings.html:validation.required']);
  });

  it('checks the CTA value by its type', () => {
    const cta = (ctaType: string | null, ctaValue: string | null) => issues(campaignItemSchema, item({}, { ctaType, ctaValue }));
    expect(cta(null, 'anything')).toEqual([]);
    expect(cta('EXTERNAL_URL', '')).toEqual(['settings.ctaValue:validation.required']);
    expect(cta('EXTERNAL_URL', 'https://example.com/x')).toEqual([]);
    expect(cta('EXTERNAL_URL', 'ftp://example.com')).toEqual(['settings.ctaValue:validation.url']);
    expect(cta('EXTERNAL_URL', `https://e.com/${'a'.repeat(256)}`)).toEqual(['settings.ctaValue:validation.max_length']);
    expect(cta('CREATIVE_BLOCK', '1')).toEqual([]);
    expect(cta('CREATIVE_BLOCK', 'B3')).toEqual([]);
    expect(cta('CREATIVE_BLOCK', '0')).toEqual(['settings.ctaValue:validation.cell_ref']);
    expect(cta('CREATIVE_BLOCK', 'A101')).toEqual(['settings.ctaValue:validation.cell_ref']);
    expect(cta('INTERNAL_URL', 'membership')).toEqual([]);
    expect(cta('INTERNAL_URL', '/admin')).toEqual(['settings.ctaValue:validation.invalid_option']);
    expect(cta('SURVEY', '12')).toEqual([]);
    expect(cta('SURVEY', '0')).toEqual(['settings.ctaValue:validation.invalid']);
    expect(cta('SCRIPT', 'console.log(1)')).toEqual([]);
    expect(cta('LINK_TO_PAGE', '1')).toEqual(['settings.ctaType:validation.invalid_option']);
  });

  it('holds at most 20 items per campaign', () => {
    const many = (n: number) => ({ buttons: Array.from({ length: n }, () => item()) });
    expect(issues(campaignSchema, many(20))).toEqual([]);
    expect(issues(campaignSchema, many(21))).toEqual(['buttons:validation.max_items']);
  });

  it('accepts the read-only click count and drops unknown keys', () => {
    const v = campaignItemSchema.parse({ ...item(), clickCount: 7, extra: 1 });
    expect(v.clickCount).toBe(7);
    expect('extra' in v).toBe(false);
  });
});

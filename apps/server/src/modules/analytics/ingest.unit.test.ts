import type { VisitorEvent } from '@swipe/core';
import { describe, expect, it } from 'vitest';
import { asksNoTracking, isBot, isPreview, japanDay, referrerHost, rollupKeysOf, rowsOf, sendsGpc } from './ingest.js';

// The pure part of ingestion: who is not counted, and which events of a batch become rows.

describe('who is not counted', () => {
  it('bots, crawlers, link previews, headless browsers, HTTP libraries and an empty User-Agent', () => {
    for (const ua of [
      '',
      '   ',
      undefined,
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome-Lighthouse',
      'Twitterbot/1.0',
      'WhatsApp/2.23.20.0',
      'curl/8.4.0',
      'python-requests/2.31.0',
      'axios/1.6.2',
      'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
      'undici',
      'node',
      'Go-http-client/2.0',
      'okhttp/4.12.0',
      'Wget/1.21.4',
      'python-httpx/0.27.0',
    ])
      expect(isBot(ua), String(ua)).toBe(true);
  });
  it('real browsers, LINE in-app browser included, are counted', () => {
    for (const ua of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.16.0',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/121.0',
    ])
      expect(isBot(ua), ua).toBe(false);
  });
  it('preview calls by their Referer path; the published viewer is counted', () => {
    expect(isPreview('https://sites.example.com/site/12/preview')).toBe(true);
    expect(isPreview('https://sites.example.com/site/12/preview/B3?lang=en')).toBe(true);
    expect(isPreview('http://s12.sites.example.com/site/12/preview?lang=ja')).toBe(true);
    expect(isPreview('https://sites.example.com/sites/12/B3')).toBe(false);
    expect(isPreview('https://shop.example.com/preview-sale')).toBe(false);
    expect(isPreview('https://sites.example.com/site/12/previewer')).toBe(false);
    expect(isPreview(undefined)).toBe(false);
    expect(isPreview('not a url')).toBe(false);
  });
  it('DNT: 1 or Sec-GPC: 1; GPC alone', () => {
    expect(asksNoTracking({ dnt: '1' })).toBe(true);
    expect(asksNoTracking({ 'sec-gpc': '1' })).toBe(true);
    expect(asksNoTracking({ dnt: '0' })).toBe(false);
    expect(asksNoTracking({})).toBe(false);
    expect(sendsGpc({ 'sec-gpc': '1' })).toBe(true);
    expect(sendsGpc({ dnt: '1' })).toBe(false);
  });
  it('a referrer is kept as its host only, none for the site itself', () => {
    expect(referrerHost('https://www.Google.co.jp/search?q=secret&uid=42', 'lp.example.com')).toBe('google.co.jp');
    expect(referrerHost('https://news.example/a/b', 'lp.example.com:3451')).toBe('news.example');
    expect(referrerHost('https://lp.example.com/contact', 'lp.example.com:3451')).toBeNull();
    expect(referrerHost('android-app://com.google.android.gm', 'lp.example.com')).toBeNull();
    expect(referrerHost('not a url', 'lp.example.com')).toBeNull();
    expect(referrerHost(42, 'lp.example.com')).toBeNull();
  });
});

describe('rows of a batch', () => {
  const now = Date.parse('2026-11-24T15:30:00Z'); // 00:30 on the 25th in Japan
  const pages = new Set([10, 11]);
  const of = (events: Partial<VisitorEvent>[], visitor: string | null = 'daily-visitor-id') =>
    rowsOf(events as VisitorEvent[], {
      visitor: () => visitor,
      pagesOf: (id) => (id === 1 ? pages : null),
      now,
      host: 'lp.example.com',
    });
  const base = { id: 'abcdefghijklmnop', event: 'page_view' as const, siteId: 1, pageId: 10, at: now - 1000 };

  it('keeps id and at; drops other sites, other pages, conversions and unusable times', () => {
    expect(of([base])).toMatchObject([
      { eventId: 'abcdefghijklmnop', occurredAt: new Date(now - 1000).toISOString(), sessionId: 'daily-visitor-id' },
    ]);
    // Global Privacy Control: the same row without a visitor id
    expect(of([base], null)).toMatchObject([{ eventId: 'abcdefghijklmnop', sessionId: null }]);
    expect(of([{ ...base, siteId: 2 }])).toEqual([]);
    expect(of([{ ...base, pageId: 99 }])).toEqual([]);
    expect(of([{ ...base, event: 'conversion' }])).toEqual([]);
    expect(of([{ ...base, at: now - 25 * 3600_000 }])).toEqual([]);
    expect(of([{ ...base, at: now + 25 * 3600_000 }])).toEqual([]);
    expect(of([{ ...base, at: undefined }])).toEqual([]);
  });
  it('an old viewer (no id) gets a server id, and the server time without at', () => {
    const [r] = of([{ event: 'page_view', siteId: 1, pageId: 10 }]);
    expect(r?.eventId).toMatch(/^srv-[\w-]+$/);
    expect(r?.occurredAt).toBe(new Date(now).toISOString());
  });
  it('dwell only on page_leave, x/y only on a tap with both', () => {
    const [leave, view, tap] = of([
      { ...base, event: 'page_leave', dwellMs: 1500, x: 0.5, y: 0.5 },
      { ...base, id: 'bbbbbbbbbbbbbbbb', dwellMs: 1500 },
      { ...base, id: 'cccccccccccccccc', event: 'tap', x: 0.1, y: 0.9, dwellMs: 3 },
    ]);
    expect(leave).toMatchObject({ dwellMs: 1500, x: null, y: null });
    expect(view).toMatchObject({ dwellMs: null });
    expect(tap).toMatchObject({ dwellMs: null, x: 0.1, y: 0.9 });
    expect(of([{ ...base, event: 'tap', x: 0.1 }])).toEqual([]);
    expect(of([{ ...base, event: 'page_leave' }])).toEqual([]);
  });
  it('data keys are stored snake_case as the viewer sent them (the edge made them camelCase): UTM reaches the rollups', () => {
    const rows = of([
      {
        ...base,
        data: {
          utmSource: 'news',
          utmMedium: 'mail',
          utmCampaign: 'nov',
          utmTerm: 't',
          utmContent: 'c',
          from: 'A1',
          referrer: 'https://x.example/p?id=1',
        },
      },
    ]);
    expect(JSON.parse(rows[0]?.data ?? '{}')).toEqual({
      utm_source: 'news',
      utm_medium: 'mail',
      utm_campaign: 'nov',
      utm_term: 't',
      utm_content: 'c',
      from: 'A1',
      referrer: 'x.example',
    });
  });
  it('popup id goes to target and data; rollup keys are (site, Japan day), once each', () => {
    const rows = of([
      { ...base, event: 'click_popup_cta', popupId: 7, data: { a: 1 } },
      { ...base, id: 'dddddddddddddddd' },
    ]);
    expect(rows[0]).toMatchObject({ targetId: 7, data: JSON.stringify({ a: 1, popup_id: 7 }) });
    expect(japanDay(now)).toBe('2026-11-25');
    expect(rollupKeysOf(rows)).toEqual([{ siteId: 1, day: '2026-11-25' }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { PageDetailResponse } from './api/viewer.js';
import {
  cleanPlaceholderValue,
  documentPlaceholderSources,
  fillFromSearch,
  fillPageDetail,
  fillPlaceholders,
  placeholderProblem,
  placeholderSources,
  placeholderValues,
} from './placeholders.js';

describe('placeholder values from the address', () => {
  it('takes only the allowed parameters, cleaned', () => {
    const q = new URLSearchParams('utm_term=running+shoes&utm_source=google&name=Eve&utm_campaign=&kw=%E9%9D%B4');
    expect(placeholderValues(q)).toEqual({ utm_term: 'running shoes', utm_source: 'google', kw: '靴' });
  });

  it('takes the first of a repeated parameter from a parsed query', () => {
    expect(placeholderValues({ utm_term: ['a', 'b'], utm_medium: 5 })).toEqual({ utm_term: 'a' });
  });

  it('never keeps markup characters: <, >, quotes, braces, backslashes become spaces', () => {
    expect(cleanPlaceholderValue('<script>alert("x")</script>')).toBe('script alert( x ) /script');
    expect(cleanPlaceholderValue('{{utm_term}}`x`\\y;z=1')).toBe('utm term x y z 1');
    expect(cleanPlaceholderValue("Tom's 50% off & more!")).toBe("Tom's 50% off & more!");
  });

  it('cuts a value at 60 characters (counted as characters, not UTF-16 units)', () => {
    expect(cleanPlaceholderValue('a'.repeat(80))).toBe('a'.repeat(60));
    const emoji = '靴'.repeat(70);
    expect(Array.from(cleanPlaceholderValue(emoji))).toHaveLength(60);
    // control characters and line breaks are spaces, collapsed
    expect(cleanPlaceholderValue('  a\n\tb\u0000c  ')).toBe('a b c');
  });
});

describe('filling placeholders', () => {
  it('uses the value, else the fallback, else nothing', () => {
    const text = 'Best {{utm_term|running shoes}} for {{ utm_source }}!';
    expect(fillPlaceholders(text, { utm_term: 'trail shoes', utm_source: 'you' })).toBe('Best trail shoes for you!');
    expect(fillPlaceholders(text, {})).toBe('Best running shoes for !');
  });

  it('an unknown source shows its fallback; text without placeholders is unchanged', () => {
    expect(fillPlaceholders('Hi {{name|there}}', { utm_term: 'x' })).toBe('Hi there');
    expect(fillPlaceholders('Plain {text} {{', { utm_term: 'x' })).toBe('Plain {text} {{');
  });

  it('fills a page detail: main text, link button, button labels and microcopy; nothing else', () => {
    const r = {
      pageDetail: {
        mainText: '{{utm_term|A}}',
        linkButtonText: 'Go {{kw|now}}',
        imageAlt: '{{utm_term|alt}}',
        buttons: [{ buttonText: 'Buy {{utm_term|it}}', microcopyText: '{{utm_content|}}' }],
      },
      products: [],
    } as unknown as PageDetailResponse;
    const out = fillPageDetail(r, { utm_term: 'socks' });
    expect(out.pageDetail.mainText).toBe('socks');
    expect(out.pageDetail.linkButtonText).toBe('Go now');
    expect(out.pageDetail.imageAlt).toBe('{{utm_term|alt}}');
    expect(out.pageDetail.buttons[0]).toEqual({ buttonText: 'Buy socks', microcopyText: '' });
    // the input is left as it was (cached payloads are shared)
    expect(r.pageDetail.mainText).toBe('{{utm_term|A}}');
    // the viewer's call, from its address
    expect(fillFromSearch(r, '?kw=wool+socks&utm_term=').pageDetail.linkButtonText).toBe('Go wool socks');
    expect(fillFromSearch(r, '').pageDetail.mainText).toBe('A');
  });
});

describe('placeholder rules', () => {
  it('refuses an unknown source and a fallback over 60 characters', () => {
    expect(placeholderProblem('{{utm_term|x}}')).toBeNull();
    expect(placeholderProblem('{{city|Tokyo}}')).toBe('validation.placeholder_source');
    expect(placeholderProblem(`{{utm_term|${'x'.repeat(61)}}}`)).toBe('validation.placeholder_fallback');
    expect(placeholderProblem(`{{utm_term|${'x'.repeat(60)}}}`)).toBeNull();
    expect(placeholderProblem('no placeholder {here}')).toBeNull();
  });

  it('names the sources a text and a document use', () => {
    expect(placeholderSources('{{kw}} {{utm_term|a}} {{kw|b}} {{other}}')).toEqual(['kw', 'utm_term']);
    const page = (main: string, button = '') => ({
      mainText: { ja: main },
      linkButtonText: {},
      buttons: [{ buttonText: { en: button }, microcopyText: {} }],
    });
    expect(
      documentPlaceholderSources({ categories: [{ pages: [page('x'), page('y', '{{kw|z}}')] }, { pages: [page('{{utm_source}}')] }] }),
    ).toEqual(['utm_source', 'kw']);
    expect(documentPlaceholderSources({ categories: [{ pages: [page('plain')] }] })).toEqual([]);
  });
});

describe('the site document refuses a broken placeholder where it is filled', () => {
  it('names the field of the page and of the button', async () => {
    const { siteDocumentSchema } = await import('./site.js');
    const { toFieldIssues } = await import('./issues.js');
    const doc = {
      name: 'S',
      numberHorizontal: 1,
      numberVertical: 1,
      languages: ['ja'],
      translations: { ja: { globalMenu: ['A'] } },
      categories: [{ pages: [{ mainText: { ja: '{{utm_term|ok}}' }, buttons: [{ buttonText: { ja: '{{city|Tokyo}}' } }] }] }],
    };
    const ok = siteDocumentSchema.safeParse(doc);
    expect(ok.success).toBe(false);
    expect(ok.success ? [] : toFieldIssues(ok.error)).toEqual([
      { path: 'categories.0.pages.0.buttons.0.buttonText.ja', key: 'validation.placeholder_source', params: {} },
    ]);
  });
});

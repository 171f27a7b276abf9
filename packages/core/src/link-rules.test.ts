import { describe, expect, it } from 'vitest';
import { toFieldIssues } from './issues.js';
import { externalLinkProblem } from './link-rules.js';
import { type SiteDocumentInput, siteDocumentSchema } from './site.js';

// Every link field follows the one URL rule (back-office.md 5), the same for editor and server.

function doc(page: Record<string, unknown> = {}, extra: Partial<SiteDocumentInput> = {}): SiteDocumentInput {
  return {
    name: 'S',
    numberHorizontal: 1,
    numberVertical: 1,
    languages: ['ja'],
    translations: { ja: { globalMenu: ['A'] } },
    categories: [{ pages: [{ imageUrl: 'a.jpg', ...page }] }],
    ...extra,
  };
}
function issues(d: SiteDocumentInput): Record<string, string> {
  const r = siteDocumentSchema.safeParse(d);
  return r.success ? {} : Object.fromEntries(toFieldIssues(r.error).map((i) => [i.path, i.key]));
}

describe('the link URL rule', () => {
  it('accepts http(s) URLs and refuses anything else', () => {
    expect(externalLinkProblem('https://example.com/a?b=1')).toBeNull();
    expect(externalLinkProblem('http://shop.test')).toBeNull();
    expect(externalLinkProblem('not a url')).toBe('validation.url');
    expect(externalLinkProblem('javascript:alert(1)')).toBe('validation.url');
    expect(externalLinkProblem('example.com')).toBe('validation.url');
    expect(externalLinkProblem('')).toBe('validation.link_url_required');
    expect(externalLinkProblem('  ', false)).toBeNull();
  });

  it('names the field of each kind of link that holds "not a url"', () => {
    const bad = 'not a url';
    const p = 'categories.0.pages.0';
    expect(issues(doc({ buttons: [{ buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: bad }] }))).toEqual({
      [`${p}.buttons.0.linkDestinationUrl`]: 'validation.url',
    });
    expect(issues(doc({ linkDestinationUrl: bad }))).toEqual({ [`${p}.linkDestinationUrl`]: 'validation.url' });
    expect(issues(doc({ products: [{ linkButtonUrl: bad }] }))).toEqual({ [`${p}.products.0.linkButtonUrl`]: 'validation.url' });
    expect(issues(doc({}, { popupCtas: { timeLimit: { transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: bad } } } }))).toEqual(
      { 'popupCtas.timeLimit.transition.externalLinkUrl': 'validation.url' },
    );
    expect(
      issues(doc({}, { campaign: { banners: [{ mediaUrl: 'b.jpg', linkDestinationType: 'EXTERNAL_URL', linkDestinationUrl: bad }] } })),
    ).toEqual({ 'campaign.banners.0.linkDestinationUrl': 'validation.url' });
    expect(issues(doc({}, { campaign: { buttons: [{ settings: { ctaType: 'EXTERNAL_URL', ctaValue: bad } }] } }))).toEqual({
      'campaign.buttons.0.settings.ctaValue': 'validation.url',
    });
    expect(issues(doc({}, { logoSetting: { linkUrl: bad } }))).toEqual({ 'logoSetting.linkUrl': 'validation.url' });
  });

  it('an external link needs its URL; other kinds of link keep their own values', () => {
    expect(issues(doc({ buttons: [{ buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: null }] }))).toEqual({
      'categories.0.pages.0.buttons.0.linkDestinationUrl': 'validation.link_url_required',
    });
    expect(issues(doc({ buttons: [{ buttonLinkType: 'INTERNAL_URL', linkDestinationUrl: 'contact' }] }))).toEqual({});
    expect(issues(doc({ isInternalLink: true, linkDestinationUrl: 'form' }))).toEqual({});
    expect(issues(doc({ linkDestinationUrl: 'https://example.com', products: [{ linkButtonUrl: '' }] }))).toEqual({});
  });
});

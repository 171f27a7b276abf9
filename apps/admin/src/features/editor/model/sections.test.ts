import { describe, expect, it } from 'vitest';
import { expand, locateError } from './sections';

describe('editor sections', () => {
  it('expands translated prefixes for each language of the site', () => {
    expect(expand(['name', 'translations.*.seo'], ['ja', 'en'])).toEqual(['name', 'translations.ja.seo', 'translations.en.seo']);
  });

  it('finds the tab and language that show the first failing path', () => {
    expect(locateError(['translations.en.seo.title', 'name'], ['ja', 'en'])).toEqual({ section: 'seo', lang: 'en' });
    expect(locateError(['categories.0.pages.1.buttons.0.buttonText'], ['ja'])).toEqual({ section: 'creatives', lang: undefined });
    expect(locateError(['numberHorizontal'], ['ja'])).toEqual({ section: 'basic', lang: undefined });
    // a language the site does not have yet still names its language tab, but no section claims it
    expect(locateError(['translations.kr.sns.0.url'], ['ja'])).toEqual({ section: undefined, lang: 'kr' });
    expect(locateError([], ['ja'])).toBeNull();
  });
});

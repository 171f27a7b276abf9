import { describe, expect, it } from 'vitest';
import { bottomBar, canvasPopups, pageCounter, pageOrder } from './canvas-overlays';
import { type Doc, toDoc } from './doc';

function doc(): Doc {
  return toDoc({
    name: 'S',
    numberHorizontal: 2,
    numberVertical: 3,
    languages: ['ja'],
    translations: {
      ja: {
        globalMenu: ['A', 'B'],
        sns: [{ snsType: 'instagram', snsUrl: 'https://instagram.com/x' }],
        company: { companyWebsite: 'https://co.test' },
      },
    },
    categories: [
      { pages: [{ imageUrl: 'a.jpg' }, { imageUrl: 'b.jpg', snsConfig: true }, {}] },
      { pages: [{ imageUrl: 'c.jpg' }, { membersOnlyLock: true, showCompany: true }, { imageUrl: 'd.jpg' }] },
    ],
    popupCtas: {
      timeLimit: {
        effectivePages: [1, 5],
        transition: { transitionType: 'CREATIVE_BLOCK' },
        endDate: '2020-01-02',
        startDate: '2020-01-01',
      },
      applicantLimit: { effectivePages: [5], transition: { transitionType: 'CREATIVE_BLOCK' } },
    },
  });
}

describe('what the canvas draws over a page', () => {
  it('numbers pages category by category, as effectivePages do', () => {
    expect(pageOrder(doc(), 0, 0)).toBe(1);
    expect(pageOrder(doc(), 1, 1)).toBe(5);
  });
  it('the popups effective on the page, the ones outside their dates marked, none without the plan feature', () => {
    const d = doc();
    expect(canvasPopups(d, 1, 1, true).map((p) => [p.kind, p.live])).toEqual([
      ['timeLimit', false],
      ['applicantLimit', true],
    ]);
    expect(canvasPopups(d, 0, 1, true)).toEqual([]);
    expect(canvasPopups(d, 1, 1, false)).toEqual([]);
  });
  it('the bottom bar follows the page switches and hides while a popup is open', () => {
    const d = doc();
    const sns = d.categories[0]?.pages[1] as Doc['categories'][number]['pages'][number];
    expect(bottomBar(d, 'ja', sns, false)).toEqual({ sns: [{ snsType: 'instagram', snsUrl: 'https://instagram.com/x' }], company: false });
    expect(bottomBar(d, 'ja', sns, true)).toBeNull();
    const company = d.categories[1]?.pages[1] as Doc['categories'][number]['pages'][number];
    expect(bottomBar(d, 'ja', company, false)).toEqual({ sns: [], company: true });
    expect(bottomBar(d, 'ja', d.categories[0]?.pages[0] as Doc['categories'][number]['pages'][number], false)).toBeNull();
  });
  it('counts pages with an image or a lock', () => {
    expect(pageCounter(doc(), 1, 2)).toEqual({ current: 3, total: 3 });
    expect(pageCounter(doc(), 0, 1)).toEqual({ current: 2, total: 2 });
  });
});

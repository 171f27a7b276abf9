// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { AnalysisPage } from '@swipe/core';
import { resources } from '@swipe/i18n';
import { lookup } from '@swipe/i18n/t.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { provideMessages, setLang } from '../../lib/i18n';
import { changeColour, secs } from './format';
import { PagesTable } from './pages-table';

// The per-page figures as an analyst reads them: dwell to a tenth of a second with the number of views it rests
// on, sorting that keeps pages without a figure last, and cards instead of a cut-off table on a phone.

const t = (key: string, params?: Record<string, string | number>) => lookup(resources.en, 'en', key, params) ?? key;

const page = (o: Partial<AnalysisPage> & { pageId: number; label: string; col: number; row: number }): AnalysisPage => ({
  imageUrl: null,
  views: 0,
  visitors: 0,
  reach: null,
  exits: 0,
  exitRate: null,
  medianDwell: null,
  meanDwell: null,
  dwellCount: 0,
  ctaClicks: 0,
  ctaRate: null,
  conversions: 0,
  convertingVisitors: 0,
  entries: 0,
  bounces: 0,
  bounceRate: null,
  ...o,
});

const ITEMS = [
  page({ pageId: 1, label: 'A1', col: 0, row: 0, views: 6, medianDwell: 4.3, meanDwell: 5.1, dwellCount: 5 }),
  page({ pageId: 2, label: 'A2', col: 0, row: 1, views: 2, medianDwell: 12, meanDwell: 12, dwellCount: 1 }),
  page({ pageId: 3, label: 'B1', col: 1, row: 0, views: 1 }),
];

const setWidth = (width: number) =>
  (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM.setViewport({
    width,
    height: 900,
  });
const mount = () =>
  render(
    <MantineProvider>
      <PagesTable items={ITEMS} />
    </MantineProvider>,
  );
const labels = () => screen.getAllByTestId('page-row').map((r) => within(r).getByText(/^[A-B]\d$/).textContent);

beforeAll(async () => {
  provideMessages('en', resources.en);
  await setLang('en');
});
afterEach(cleanup);

describe('analysis figures', () => {
  it('times to a tenth of a second, minutes over a minute; a missing figure is a dash', () => {
    expect(secs(t, 1.7)).toBe('1.7 s');
    expect(secs(t, 4)).toBe('4.0 s');
    expect(secs(t, 59.96)).toBe('1 min 0.0 s');
    expect(secs(t, 125.04)).toBe('2 min 5.0 s');
    expect(secs(t, null)).toBe('—');
  });

  it('a change is good news in green, bad in red, and a falling bounce rate is good news', () => {
    expect(changeColour(0.2)).toBe('teal.9');
    expect(changeColour(-0.2)).toBe('red.9');
    expect(changeColour(-0.2, true)).toBe('teal.9');
    expect(changeColour(0.2, true)).toBe('red.9');
    expect(changeColour(null)).toBe('dimmed');
  });
});

describe('pages table at a desk', () => {
  it('the dwell figures show the views they rest on, in the plural the count asks for', () => {
    setWidth(1440);
    mount();
    const [a1, a2, b1] = screen.getAllByTestId('page-row') as HTMLElement[];
    expect(within(a1 as HTMLElement).getByText('4.3 s')).toBeTruthy();
    expect(within(a1 as HTMLElement).getByText('mean 5.1 s')).toBeTruthy();
    expect(within(a1 as HTMLElement).getByText('n = 5 views')).toBeTruthy();
    expect(within(a2 as HTMLElement).getByText('n = 1 view')).toBeTruthy();
    expect(within(b1 as HTMLElement).getByText('mean —')).toBeTruthy();
    expect(within(b1 as HTMLElement).getByText('n = 0 views')).toBeTruthy();
  });

  it('sorts by a column from its header; pages without the figure stay last either way', () => {
    setWidth(1440);
    mount();
    expect(labels()).toEqual(['A1', 'A2', 'B1']);
    fireEvent.click(screen.getByLabelText('Sort by Dwell (median · mean)'));
    expect(labels()).toEqual(['A2', 'A1', 'B1']);
    fireEvent.click(screen.getByLabelText('Sort by Dwell (median · mean)'));
    expect(labels()).toEqual(['A1', 'A2', 'B1']);
  });
});

describe('pages table on a phone', () => {
  it('one card per page with every figure labelled; no table to cut off', () => {
    setWidth(390);
    mount();
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getAllByTestId('page-row')[0] as HTMLElement);
    expect(card.getByText('A1')).toBeTruthy();
    expect(card.getByText('Dwell (median · mean)')).toBeTruthy();
    expect(card.getByText('4.3 s')).toBeTruthy();
    expect(card.getByText('n = 5 views')).toBeTruthy();
    expect((document.querySelector('input[aria-label="Sort by"]') as HTMLInputElement).value).toBe('Page · ascending');
  });
});

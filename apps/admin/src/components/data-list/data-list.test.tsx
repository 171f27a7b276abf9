// @vitest-environment happy-dom
import { Badge, Button, MantineProvider } from '@mantine/core';
import { resources } from '@swipe/i18n';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideMessages, setLang } from '../../lib/i18n';
import { DataList } from './data-list';
import { FilterSelect } from './filter-select';
import { oneOf, useListState } from './list-state';
import type { Column } from './types';

// The list component as a page uses it: a query over 25 rows (10 a page) that searches, filters, sorts and pages
// the way the API does, driven through what a person clicks, at a desk's width and at a phone's.

interface Row {
  id: number;
  name: string;
  status: 'open' | 'closed';
  url: string;
}
type Sort = 'name' | 'created';
interface Params {
  page: number;
  pageSize: number;
  search: string;
  status?: string;
  sort?: Sort;
  order?: 'asc' | 'desc';
}

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Item ${String(i + 1).padStart(2, '0')}`,
  status: i % 3 === 0 ? 'closed' : 'open',
  url: `https://sites.test/s${i + 1}`,
}));

/** What the API does with a list query. */
function serve(p: Params): { items: Row[]; total: number } {
  let rows = ROWS.filter((r) => r.name.includes(p.search) && (!p.status || r.status === p.status));
  rows = [...rows].sort((a, b) => (p.sort === 'name' ? a.name.localeCompare(b.name) : a.id - b.id) * (p.order === 'desc' ? -1 : 1));
  return { items: rows.slice((p.page - 1) * p.pageSize, p.page * p.pageSize), total: rows.length };
}

const onOpen = vi.fn();
const columns: Column<Row, Sort>[] = [
  { key: 'name', title: 'Name', sort: 'name', phone: 'title', render: (r) => <strong>{r.name}</strong>, csv: (r) => r.name },
  { key: 'url', title: 'URL', phone: 'plain', render: (r) => r.url, csv: (r) => r.url },
  { key: 'status', title: 'Status', phone: 'badge', nowrap: true, render: (r) => <Badge>{r.status}</Badge>, csv: (r) => r.status },
  { key: 'id', title: 'Number', render: (r) => `#${r.id}` },
  {
    key: 'actions',
    title: 'Actions',
    hiddenTitle: true,
    phone: 'actions',
    render: (r) => (
      <Button size="xs" onClick={() => onOpen(r.id)}>
        Open {r.name}
      </Button>
    ),
  },
];

let fetcher: (p: Params) => Promise<{ items: Row[]; total: number }>;

function Page({ server }: { server?: () => Promise<string> }) {
  const state = useListState<Sort, 'status'>({
    sort: { sorts: ['name', 'created'], defaultSort: 'created', defaultOrder: (s) => (s === 'created' ? 'desc' : 'asc') },
    filters: { status: oneOf(['open', 'closed']) },
  });
  const params: Params = {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
    status: state.filter.status,
    sort: state.sorting.sort,
    order: state.sorting.order,
  };
  const query = useQuery({ queryKey: ['rows', params], queryFn: () => fetcher(params), retry: false });
  return (
    <DataList
      label="Things"
      state={state}
      query={query}
      columns={columns}
      rowKey={(r) => r.id}
      search="Search things"
      filters={
        <FilterSelect
          label="Status filter"
          data={['all', 'open', 'closed'].map((v) => ({ value: v, label: v }))}
          value={state.filter.status ?? 'all'}
          onChange={(v) => state.setFilter('status', v === 'all' ? null : v)}
        />
      }
      csv={{ fileName: 'things', server, pages: (page, pageSize) => fetcher({ ...params, page, pageSize }) }}
      empty={{ title: 'No things yet' }}
      noMatch={{ title: 'No thing matches' }}
      sortNames={{ created: 'Created' }}
      testId="things"
      rowTestId="thing-row"
    />
  );
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function mount(url = '/?size=10', server?: () => Promise<string>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={[url]}>
          <Page server={server} />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** A button by its text or accessible label (role queries walk the whole accessibility tree: slow in a DOM of 20 rows). */
const button = (name: string) => {
  const el = screen.queryByLabelText(name) ?? screen.getByText(name);
  return el.closest('button') as HTMLButtonElement;
};
const input = (label: string) => document.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');
const rows = () => screen.queryAllByTestId('thing-row');
const setWidth = (width: number) =>
  (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM.setViewport({
    width,
    height: 900,
  });

beforeAll(async () => {
  provideMessages('en', resources.en);
  await setLang('en');
});
beforeEach(() => {
  setWidth(1440);
  fetcher = async (p) => serve(p);
  onOpen.mockReset();
});
afterEach(cleanup);

describe('DataList at a desk', () => {
  it('shows placeholder rows while the first page loads, then the rows and the range', async () => {
    let release: () => void = () => undefined;
    fetcher = (p) => new Promise((done) => (release = () => done(serve(p))));
    const { container } = mount();
    expect(screen.getByRole('table', { name: 'Things' }).getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(rows()).toHaveLength(0);
    act(() => release());
    await waitFor(() => expect(rows()).toHaveLength(10));
    // created, newest first by default: 25 down to 16
    expect(within(rows()[0] as HTMLElement).getByText('Item 25')).toBeTruthy();
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
  });

  it('sorts on the server from a header and flips the order on a second click', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(button('Sort by Name'));
    await waitFor(() => expect(where().get('sort')).toBe('name'));
    expect(where().get('order')).toBe('asc');
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText('Item 01')).toBeTruthy());
    expect(document.querySelector('th[aria-sort="ascending"]')?.textContent).toBe('Name');
    fireEvent.click(button('Sort by Name'));
    await waitFor(() => expect(where().get('order')).toBe('desc'));
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText('Item 25')).toBeTruthy());
  });

  it('pages: page 3 holds the last 5 of 25', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(button('Page 3'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(where().get('page')).toBe('3');
    expect(screen.getByText('21–25 of 25')).toBeTruthy();
  });

  it('a filter goes back to page 1; a search that finds nothing offers to clear, which brings every row back', async () => {
    mount('/?size=10&page=2');
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(input('Status filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'closed', hidden: true }));
    // 9 closed rows: ids 1, 4, 7 … 25
    await waitFor(() => expect(rows()).toHaveLength(9));
    expect(where().get('page')).toBeNull();
    expect(where().get('status')).toBe('closed');
    fireEvent.change(input('Search things'), { target: { value: 'Item 2' } });
    // debounced: the query follows once typing pauses; closed ones named "Item 2…": 22 and 25 (not "Item 02")
    await waitFor(() => expect(where().get('q')).toBe('Item 2'), { timeout: 2000 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(input('Search things'), { target: { value: 'nothing like it' } });
    await waitFor(() => expect(screen.getByText('No thing matches')).toBeTruthy(), { timeout: 2000 });
    fireEvent.click(button('Clear filters'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect([where().get('q'), where().get('status'), where().get('page')]).toEqual([null, null, null]);
    expect(input('Search things').value).toBe('');
  });

  it('an empty list without filters says so, without "clear filters"', async () => {
    fetcher = async () => ({ items: [], total: 0 });
    mount();
    await waitFor(() => expect(screen.getByText('No things yet')).toBeTruthy());
    expect(screen.queryByText('Clear filters')).toBeNull();
    expect(screen.queryByText(/of 0/)).toBeNull();
  });

  it('a failed load shows the error with a retry that loads the list', async () => {
    let fail = true;
    fetcher = async (p) => {
      if (fail) throw new Error('boom');
      return serve(p);
    };
    mount();
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(screen.getByText('Could not load')).toBeTruthy();
    fail = false;
    fireEvent.click(button('Retry'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('DataList CSV', () => {
  /** The file the next "Export CSV" downloads: its name and text. */
  function catchDownload(): Promise<{ name: string; text: string }> {
    return new Promise((done) => {
      let blob: Blob | undefined;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
        blob = b as Blob;
        return 'blob:list';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        void blob?.text().then((text) => done({ name: this.download, text }));
      });
    });
  }
  afterEach(() => vi.restoreAllMocks());

  it('writes every row the query matches (all pages, in its order) from the columns', async () => {
    mount('/?size=10&status=closed&sort=name&order=desc');
    await waitFor(() => expect(rows()).toHaveLength(9));
    const file = catchDownload();
    fireEvent.click(button('Export CSV'));
    const { name, text } = await file;
    expect(name).toMatch(/^things-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFName,URL,Status');
    expect(lines).toHaveLength(11); // the header, 9 closed rows, the final line break
    expect(lines[1]).toBe('Item 25,https://sites.test/s25,closed');
    expect(lines[9]).toBe('Item 01,https://sites.test/s1,closed');
  });

  it("downloads the server's export where the list has one", async () => {
    mount('/?size=10', async () => '\uFEFFfrom,the server\r\n');
    await waitFor(() => expect(rows()).toHaveLength(10));
    const file = catchDownload();
    fireEvent.click(button('Export CSV'));
    expect((await file).text).toBe('\uFEFFfrom,the server\r\n');
  });
});

describe('DataList on a phone', () => {
  it('draws cards from the columns: heading, status beside it, labelled lines, the actions; no table', async () => {
    setWidth(390);
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(rows()[0] as HTMLElement);
    expect(card.getByText('Item 25')).toBeTruthy();
    expect(card.getByText('https://sites.test/s25')).toBeTruthy();
    expect(card.getByText('closed')).toBeTruthy();
    // a 'line' column carries its title as a label; 'plain' and 'title' ones do not
    expect(card.getByText('Number')).toBeTruthy();
    expect(card.getByText('#25')).toBeTruthy();
    expect(card.queryByText('URL')).toBeNull();
    fireEvent.click(card.getByText('Open Item 25'));
    expect(onOpen).toHaveBeenCalledWith(25);
  });

  it('sorts with one picker of every sort and order', async () => {
    setWidth(390);
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const picker = input('Sort by');
    expect(picker.value).toBe('Created · descending');
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Name · ascending', hidden: true }));
    await waitFor(() => expect(where().get('sort')).toBe('name'));
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText('Item 01')).toBeTruthy());
  });
});

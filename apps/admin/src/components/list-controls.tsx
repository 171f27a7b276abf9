import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../lib/i18n';
import { DEFAULT_SIZE, listParamsOf, PAGE_SIZES } from './data-list/list-url';
import { DeferredSelect } from './deferred-select';
import { IconSearch } from './icons';

// What every searchable, paginated list of the back-office shares: page, page size and search kept in
// the URL (so a reload or a shared link shows the same list), a debounced search box value, and the
// footer with the range, the page-size choice and the pages. Two lists on one screen keep their
// parameters apart with a prefix (`ipage`, `istatus`…).

export function useListParams(prefix = '') {
  const [all, setSp] = useSearchParams();
  // this list's parameters, named without the prefix
  const sp = prefix
    ? new URLSearchParams([...all].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]))
    : all;
  const { page, pageSize, search } = listParamsOf(sp);
  const [searchInput, setSearchInput] = useState(search);
  const [debounced] = useDebouncedValue(searchInput.trim(), 350);
  /** Changes this list's URL parameters; null or '' removes one. */
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(all);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(prefix + k);
      else next.set(prefix + k, v);
    }
    setSp(next, { replace: true });
  };
  useEffect(() => {
    if (debounced !== search) set({ q: debounced, page: null });
  }, [debounced]);
  return { sp, page, pageSize, search, searchInput, setSearchInput, set };
}

export function ListFooter({
  page,
  pageSize,
  total,
  set,
}: {
  page: number;
  pageSize: number;
  total: number;
  set: (patch: Record<string, string | null>) => void;
}) {
  const t = useT();
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('admin.page_range', { from: (page - 1) * pageSize + 1, to: Math.min(page * pageSize, total), total })}
        </Text>
        <DeferredSelect
          aria-label={t('admin.page_size')}
          data={PAGE_SIZES.map((s) => ({ value: s, label: s }))}
          value={String(pageSize)}
          onChange={(v) => set({ size: v === DEFAULT_SIZE ? null : v, page: null })}
          w={80}
          size="xs"
        />
      </Group>
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={(p) => set({ page: p === 1 ? null : String(p) })}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': t(`admin.pagination_${control}`) })}
        getItemProps={(p) => ({ 'aria-label': t('admin.pagination_page', { page: p }) })}
      />
    </Group>
  );
}

/** The search box at the top of every list: labelled, capped at the server's 100 characters, grows to fill its row. */
export function ListSearch({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <TextInput
      placeholder={label}
      aria-label={label}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      style={{ flex: '1 1 240px' }}
      maxLength={100}
      type="search"
    />
  );
}

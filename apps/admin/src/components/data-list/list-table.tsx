import { Table, VisuallyHidden } from '@mantine/core';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { SkeletonRows } from '../list-layout';
import { type ListSort, SortableTh } from '../list-sort';
import type { Column, ListQuery } from './types';

// A list on a wide screen: one row per item, headers that sort on the server, placeholder rows while the first
// page loads. Rows do not tint under the pointer: they are not buttons, and a link on the tint falls below AA. A table wider than its card scrolls sideways inside it; its actions column stays pinned at the
// right edge, and a shadow there says that more columns lie under it (nothing is cut off without a hint).

const cellStyle = <Row, S extends string>(c: Column<Row, S>): CSSProperties => ({
  textAlign: c.align,
  whiteSpace: c.nowrap ? 'nowrap' : undefined,
  minWidth: c.minWidth,
  maxWidth: c.maxWidth,
  // words break only where a column has a width cap (a long e-mail in a narrow column); elsewhere a word keeps
  // its width and the table scrolls rather than print "Mast er user"
  overflowWrap: c.maxWidth ? 'anywhere' : c.nowrap ? undefined : 'break-word',
});

/** The pinned actions cell: painted over the columns scrolled under it, with a shadow while some are. */
const pinned = (shadow: boolean): CSSProperties => ({
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: shadow ? '-8px 0 8px -6px rgba(0, 0, 0, 0.25)' : undefined,
  zIndex: 1,
});

/** The fade over the right edge of a table that hides columns there (when no pinned column shows it). */
const FADE: CSSProperties = {
  position: 'absolute',
  insetBlock: 0,
  insetInlineEnd: 0,
  width: 24,
  pointerEvents: 'none',
  background: 'linear-gradient(to right, transparent, rgba(0, 0, 0, 0.12))',
};

/** Whether the box hides columns to the right (scrolled short of its end). */
function useMoreToRight() {
  const ref = useRef<HTMLElement>(null);
  const [more, setMore] = useState(false);
  const measure = useCallback(() => {
    const el = ref.current;
    if (el) setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);
  useEffect(() => {
    const el = ref.current;
    measure();
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, [measure]);
  return { ref, more, measure };
}

export function ListTable<Row, S extends string>({
  label,
  query,
  columns,
  sorting,
  sortLabel,
  rowKey,
  testId,
  rowTestId,
  minWidth,
}: {
  label: string;
  query: ListQuery<Row>;
  columns: readonly Column<Row, S>[];
  sorting: ListSort<S> | undefined;
  sortLabel: (column: string) => string;
  rowKey: (row: Row) => string | number;
  testId?: string;
  rowTestId?: string;
  minWidth?: number;
}) {
  const { ref, more, measure } = useMoreToRight();
  const hasPinned = columns.some((c) => c.phone === 'actions');
  const items = query.data?.items;
  useEffect(measure, [items, measure]);
  return (
    <div style={{ position: 'relative' }}>
      {/* a box that scrolls takes the keyboard focus, so its hidden columns can be reached without a mouse */}
      <section ref={ref} onScroll={measure} style={{ overflowX: 'auto' }} tabIndex={more ? 0 : undefined} aria-label={label}>
        <Table verticalSpacing="sm" aria-label={label} aria-busy={query.isFetching} data-testid={testId} miw={minWidth}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const style = { ...cellStyle(c), whiteSpace: 'nowrap' as const, ...(c.phone === 'actions' ? pinned(more) : {}) };
                if (c.hiddenTitle)
                  return (
                    <Table.Th key={c.key} style={style}>
                      <VisuallyHidden>{c.title}</VisuallyHidden>
                    </Table.Th>
                  );
                if (!sorting || !c.sort)
                  return (
                    <Table.Th key={c.key} style={style}>
                      {c.title}
                    </Table.Th>
                  );
                return (
                  <SortableTh key={c.key} label={c.title} sortLabel={sortLabel(c.title)} column={c.sort} sorting={sorting} style={style} />
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending && <SkeletonRows rows={5} cols={columns.length} />}
            {items?.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={{ ...cellStyle(c), ...(c.phone === 'actions' ? pinned(more) : {}) }}>
                    {/* a badge's label may shrink to "Termi…" in a squeezed cell: a one-line cell keeps its whole width */}
                    {c.nowrap ? <div style={{ minWidth: 'max-content' }}>{c.render(row)}</div> : c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      {more && !hasPinned && <div aria-hidden="true" data-testid="scroll-hint" style={FADE} />}
    </div>
  );
}

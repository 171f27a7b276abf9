import { List, Text } from '@mantine/core';
import type { RevisionView } from '@swipe/core';
import type { T } from '../../lib/i18n';

// What changed in a revision against the one before, as short lines (the server computed it: core diffSites).

type Changes = NonNullable<RevisionView['changes']>;
type Item = Changes['items']['added'][number];

const SHOWN = 6;

/** "A1, B2, C3 and 2 more". */
function listOf(t: T, names: string[]): string {
  const shown = names.slice(0, SHOWN).join(', ');
  return names.length > SHOWN ? `${shown} ${t('admin.rev_more', { count: names.length - SHOWN })}` : shown;
}

function itemName(t: T, i: Item): string {
  const kind = t(`admin.rev_item_${i.kind}`);
  return i.label ? `${i.label} (${i.cell} ${kind})` : `${i.cell} ${kind}`;
}

export function ChangeSummary({ changes, t }: { changes: RevisionView['changes']; t: T }) {
  if (!changes)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.rev_first')}
      </Text>
    );
  const lines: string[] = [];
  for (const k of ['added', 'removed', 'edited'] as const) {
    const pages = changes.pages[k];
    if (pages.length)
      lines.push(
        t(`admin.rev_pages_${k}`, {
          count: pages.length,
          list: listOf(
            t,
            pages.map((p) => p.cell),
          ),
        }),
      );
  }
  for (const k of ['added', 'removed', 'edited'] as const) {
    const items = changes.items[k];
    if (items.length)
      lines.push(
        t(`admin.rev_items_${k}`, {
          count: items.length,
          list: listOf(
            t,
            items.map((i) => itemName(t, i)),
          ),
        }),
      );
  }
  if (changes.site.length) lines.push(t('admin.rev_site_changed', { parts: changes.site.map((p) => t(`admin.rev_part_${p}`)).join(', ') }));
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.rev_no_changes')}
      </Text>
    );
  return (
    <List size="sm" spacing={2} data-testid="revision-changes">
      {lines.map((l) => (
        <List.Item key={l} style={{ overflowWrap: 'anywhere' }}>
          {l}
        </List.Item>
      ))}
    </List>
  );
}

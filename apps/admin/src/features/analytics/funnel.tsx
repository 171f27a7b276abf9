import { Box, Group, List, Stack, Text, Title } from '@mantine/core';
import { type FunnelResponse, formatCellRef } from '@swipe/core';
import { useT } from '../../lib/i18n';
import { count, pct } from './format';

// The swipe funnel drawn on the site's own grid: one column per category, one cell per page, each cell
// coloured by its reach (share of the period's visitors who viewed it), then the moves between categories.

/** Blue from pale (no reach) to deep (everyone); the middle band is skipped so text keeps its contrast. */
function cellColours(reach: number | null): { bg: string; fg: string } {
  const r = Math.min(1, Math.max(0, reach ?? 0));
  const light = r < 0.5 ? 97 - r * 2 * (97 - 60) : 44 - (r - 0.5) * 2 * (44 - 28);
  return { bg: `hsl(212 80% ${light.toFixed(1)}%)`, fg: light <= 44 ? '#fff' : '#1a1b1e' };
}

export function FunnelGrid({ data }: { data: FunnelResponse }) {
  const t = useT();
  const cell = new Map(data.cells.map((c) => [`${c.col}:${c.row}`, c]));
  const name = (col: number) => data.categories[col] ?? String(col + 1);
  return (
    <Stack gap="md" data-testid="funnel">
      <Text size="sm" c="dimmed">
        {t('admin.an_funnel_help')}
      </Text>
      <Box style={{ overflowX: 'auto' }}>
        <Box
          role="table"
          aria-label={t('admin.an_tab_funnel')}
          style={{ display: 'grid', gridTemplateColumns: `repeat(${data.cols}, minmax(72px, 1fr))`, gap: 6, minWidth: data.cols * 78 }}
        >
          <Box role="row" style={{ display: 'contents' }}>
            {Array.from({ length: data.cols }, (_, col) => (
              <Text key={col} role="columnheader" size="xs" fw={700} ta="center" truncate>
                {name(col)}
              </Text>
            ))}
          </Box>
          {Array.from({ length: data.rows }, (_, row) => (
            <Box key={row} role="row" style={{ display: 'contents' }}>
              {Array.from({ length: data.cols }, (_, col) => {
                const c = cell.get(`${col}:${row}`);
                const { bg, fg } = cellColours(c?.reach ?? null);
                const page = formatCellRef({ column: col + 1, row: row + 1 });
                return (
                  <Box
                    key={col}
                    role="cell"
                    data-testid="funnel-cell"
                    aria-label={t('admin.an_funnel_cell', { page, pct: pct(c?.reach), count: c?.visitors ?? 0 })}
                    style={{ background: bg, color: fg, borderRadius: 6, padding: '8px 4px', textAlign: 'center', minHeight: 52 }}
                  >
                    <Text size="xs" fw={600} c="inherit">
                      {page}
                    </Text>
                    <Text size="sm" fw={700} c="inherit">
                      {pct(c?.reach)}
                    </Text>
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
      <div>
        <Title order={3} size="h6" mb={6}>
          {t('admin.an_funnel_moves')}
        </Title>
        {data.moves.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.an_funnel_no_moves')}
          </Text>
        ) : (
          <List spacing={4} size="sm" listStyleType="none" data-testid="funnel-moves">
            {data.moves.map((m) => (
              <List.Item key={`${m.fromCol}-${m.toCol}`}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {t('admin.an_funnel_move', { from: name(m.fromCol), to: name(m.toCol) })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('admin.an_funnel_move_share', { from: name(m.fromCol), pct: pct(m.share), n: count(m.visitors) })}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}

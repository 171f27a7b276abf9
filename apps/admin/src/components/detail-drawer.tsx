import { Drawer, Stack, Text } from '@mantine/core';
import { useSmallScreen } from './list-layout';

export interface DetailRow {
  label: string;
  value: string;
}

/** One submission (or survey response) with every field, empty ones included: a drawer, full screen on phones. */
export function DetailDrawer({ title, rows, onClose }: { title: string; rows: DetailRow[] | null; onClose: () => void }) {
  const phone = useSmallScreen();
  return (
    <Drawer opened={rows !== null} onClose={onClose} title={title} position="right" size={phone ? '100%' : 'md'}>
      <Stack component="dl" gap="sm" m={0} data-testid="visitor-detail">
        {rows?.map((r, i) => (
          <div key={`${i}-${r.label}`}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {r.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {r.value || '—'}
            </Text>
          </div>
        ))}
      </Stack>
    </Drawer>
  );
}

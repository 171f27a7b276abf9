import { Box, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { AnalysisPage, Period } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../components/states';
import { useMediaSrc } from '../../lib/app-config';
import { useT } from '../../lib/i18n';
import { heatmapQuery } from './api';
import { count } from './format';

// The tap heatmap of one page over the period: the page's picture (in widths the media pipeline makes, the
// browser picks the one its box needs) under a grid of the taps, darker where more.

const SET = [400, 600, 800, 1200] as const;

export function HeatmapTab({ siteId, period, pages }: { siteId: number; period: Period; pages: AnalysisPage[] }) {
  const t = useT();
  const media = useMediaSrc();
  const withImage = pages.filter((p) => p.imageUrl);
  const first = withImage[0] ?? pages[0];
  const [pageId, setPageId] = useStatePage(first?.pageId ?? null);
  const q = useQuery({ ...heatmapQuery(siteId, period, pageId ?? 0), enabled: pageId !== null });
  if (!first) return <Text size="sm">{t('admin.an_heatmap_none')}</Text>;
  const max = Math.max(1, ...(q.data?.cells.map((c) => c.taps) ?? [1]));
  const label = q.data?.label ?? '';
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('admin.an_heatmap_page')}
          data={pages.map((p) => ({ value: String(p.pageId), label: p.label }))}
          value={pageId ? String(pageId) : null}
          onChange={(v) => v && setPageId(Number(v))}
          allowDeselect={false}
          w={160}
        />
        {q.data && (
          <Text size="sm" c="dimmed" data-testid="heatmap-total">
            {t('admin.an_heatmap_total', { count: count(q.data.total) })}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('admin.an_heatmap_help')}
      </Text>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : !q.data ? (
        <Skeleton h={420} w={240} />
      ) : (
        <Box
          pos="relative"
          w={{ base: '100%', xs: 280 }}
          style={{ aspectRatio: '9 / 16', background: 'var(--mantine-color-gray-2)', borderRadius: 8, overflow: 'hidden' }}
          data-testid="heatmap"
        >
          {q.data.imageUrl && q.data.mediaType === 'IMAGE' && (
            <img
              src={media(q.data.imageUrl, 600)}
              srcSet={SET.map((w) => `${media(q.data?.imageUrl, w)} ${w}w`).join(', ')}
              sizes="(min-width: 36em) 280px, 100vw"
              alt={t('admin.an_heatmap_alt', { page: label })}
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
          <Box
            aria-hidden
            style={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              gridTemplateColumns: `repeat(${q.data.cols}, 1fr)`,
              gridTemplateRows: `repeat(${q.data.rows}, 1fr)`,
            }}
          >
            {q.data.cells.map((c) => (
              <div
                key={`${c.gx}:${c.gy}`}
                style={{
                  gridColumn: c.gx + 1,
                  gridRow: c.gy + 1,
                  background: `rgba(240, 62, 62, ${(0.25 + 0.6 * (c.taps / max)).toFixed(2)})`,
                  boxShadow: '0 0 6px rgba(240, 62, 62, 0.6)',
                  borderRadius: 3,
                }}
              />
            ))}
          </Box>
          {q.data.total === 0 && (
            <Text size="sm" fw={600} bg="white" p={6} style={{ position: 'absolute', left: 8, right: 8, bottom: 8, borderRadius: 6 }}>
              {t('admin.an_heatmap_none')}
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}

function useStatePage(initial: number | null): [number | null, (n: number) => void] {
  const [v, set] = useState<number | null>(null);
  return [v ?? initial, set];
}

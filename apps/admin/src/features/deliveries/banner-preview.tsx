import { Anchor, Box, Image, Paper, Stack, Text } from '@mantine/core';
import { SWIPE } from '@swipe/core/constants.ts';
import { useEffect, useState } from 'react';
import { IconBell } from '../../components/icons';
import { useMediaSrc } from '../../lib/app-config';
import { useT } from '../../lib/i18n';

export interface PreviewItem {
  id: number | string;
  title: string;
  content: string;
  imageUrl: string | null;
  newsUrl: string | null;
}

// The visitor's notification banner as the viewer draws it (apps/viewer overlays/Overlays.tsx and the
// .vw-noti rules of viewer.css): a white pill with a red bell over the page, rotating every 3 s among the
// live notifications; the detail (what the visitor's dialog shows) below it. Preview only: nothing leaves.

const pill: React.CSSProperties = {
  height: 34,
  margin: '0 10px',
  padding: '0 12px 0 10px',
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  borderRadius: 17,
  background: 'rgba(255, 255, 255, 0.94)',
  color: '#111',
  boxShadow: '0 6px 20px rgba(0, 0, 0, 0.18)',
};

export function BannerPreview({ items, label }: { items: PreviewItem[]; label: string }) {
  const t = useT();
  const src = useMediaSrc();
  const [i, setI] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const id = setInterval(() => setI((x) => x + 1), SWIPE.notificationRotationMs);
    return () => clearInterval(id);
  }, [items.length]);
  const n = items.length > 0 ? items[i % items.length] : undefined;
  return (
    <Stack gap="xs" component="section" aria-label={label} data-testid="banner-preview">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Box
        style={{
          borderRadius: 16,
          padding: '14px 0 90px',
          background: 'linear-gradient(160deg, #3b4a6b 0%, #1d2433 100%)',
          overflow: 'hidden',
        }}
      >
        {n ? (
          <div style={pill} data-testid="banner-pill">
            <IconBell size={16} color="#e0533d" aria-hidden />
            <span
              style={{
                flex: 1,
                minWidth: 0,
                fontSize: 13,
                fontWeight: 600,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {n.title || t('admin.delivery_preview_untitled')}
            </span>
          </div>
        ) : (
          <Text size="sm" c="white" ta="center">
            {t('admin.delivery_preview_none')}
          </Text>
        )}
      </Box>
      {n && (
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" mb={4}>
            {t('admin.delivery_preview_detail')}
          </Text>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {n.title || t('admin.delivery_preview_untitled')}
          </Text>
          {n.imageUrl && <Image src={src(n.imageUrl, 400)} alt="" radius="md" my={8} mah={180} fit="contain" />}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {n.content}
          </Text>
          {n.newsUrl && (
            <Anchor href={n.newsUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {t('admin.delivery_preview_more')}
            </Anchor>
          )}
        </Paper>
      )}
    </Stack>
  );
}

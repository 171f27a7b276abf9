import { ActionIcon, Box, Button, FileButton, Group, Image, Loader, Stack, Text, Tooltip } from '@mantine/core';
import type { MediaView } from '@swipe/core';
import { useState } from 'react';
import { IconPhoto, IconTrash, IconUpload } from '../../../components/icons';
import { useMediaSrc } from '../../../lib/app-config';
import { useT } from '../../../lib/i18n';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { precheck, UPLOAD_ACCEPT, UploadError, uploadFiles } from '../api/editor';
import { useEditor } from '../editor-context';
import { useBeforeUnloadGuard } from '../use-unsaved-guard';

/** One media reference (a storage key): thumbnail, upload/replace, remove. */
export function MediaField({
  label,
  value,
  onChange,
  kind = 'image',
  logo = false,
  hint,
  error,
  compact,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (key: string | null, info?: MediaView) => void;
  kind?: 'image' | 'video' | 'both';
  logo?: boolean;
  hint?: string;
  error?: string;
  compact?: boolean;
}) {
  const t = useT();
  const { siteId } = useEditor();
  const src = useMediaSrc();
  const [busy, setBusy] = useState(false);
  useBeforeUnloadGuard(busy);
  const accept = kind === 'both' ? `${UPLOAD_ACCEPT.image},${UPLOAD_ACCEPT.video}` : UPLOAD_ACCEPT[kind];
  const isVideo = value ? /\.(mp4|mov|mpeg|mpg|webm|m3u8)$/i.test(value) : false;

  const pick = async (file: File | null) => {
    if (!file) return;
    const bad = precheck(file, kind === 'both' ? undefined : kind);
    if (bad) return notifyInfo(bad);
    setBusy(true);
    try {
      const [u] = await uploadFiles(siteId, [file], { logo });
      if (u) onChange(u.key, u);
    } catch (e) {
      if (e instanceof UploadError) notifyInfo(e.message);
      else notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center">
        <Box
          w={compact ? 56 : 72}
          h={compact ? 56 : 72}
          bg="gray.1"
          style={{
            borderRadius: 6,
            overflow: 'hidden',
            flex: 'none',
            display: 'grid',
            placeItems: 'center',
            border: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          {busy ? (
            <Loader size="sm" />
          ) : value && isVideo ? (
            <video src={src(value)} muted playsInline style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : value ? (
            <Image src={src(value)} alt="" w="100%" h="100%" fit="cover" />
          ) : (
            <IconPhoto size={22} color="var(--mantine-color-gray-5)" />
          )}
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <FileButton onChange={pick} accept={accept} inputProps={{ 'aria-label': label }}>
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={busy}>
                  {value ? t('admin.replace') : t('admin.upload')}
                </Button>
              )}
            </FileButton>
            {value && (
              <Tooltip label={t('admin.remove')} withArrow>
                <ActionIcon variant="subtle" color="red" onClick={() => onChange(null)} aria-label={`${t('admin.remove')}: ${label}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
          {error && (
            <Text size="xs" c="red.9">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}

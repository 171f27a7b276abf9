import { Alert, Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { LIMITS } from '@swipe/core/constants.ts';
import { SNIFF_BYTES, sniffContent } from '@swipe/core/upload.ts';
import { PROFILE_IMAGE_MIME } from '@swipe/core/validation.ts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IconTrash, IconUpload } from '../../components/icons';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { type User, updateUser, useSession } from '../../lib/session';
import { PROFILE_ACCEPT, profileContentType, removeProfileImage, UploadError, uploadProfileImage } from './api';

// Profile image setting (back-office.md 5, 9): JPG, JPEG, JFIF or PNG up to 2 MB, 250 x 250
// recommended. A chosen file is checked here (type, size, and its content as the server checks it) before it is
// previewed, then again on the server; the saved image shows in the header avatar at once.

const MAX_MB = Math.round(LIMITS.profileImageBytes / 1024 / 1024);

export function ProfileImagePage() {
  const t = useT();
  const user = useSession()?.user;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = user?.profileImageUrl ?? null;

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const refreshUser = async () => updateUser(await api.get<User>('auth/user-info'));
  const save = useMutation({
    mutationFn: async (f: File) => {
      await uploadProfileImage(f);
      await refreshUser();
    },
    meta: { silent: true },
    onSuccess: () => {
      setFile(null);
      notifySuccess(t('admin.profile_saved'));
    },
    onError: (err) => setError(err instanceof UploadError ? err.message : errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: removeProfileImage,
    onSuccess: (u) => {
      updateUser(u);
      notifySuccess(t('admin.profile_removed'));
    },
  });

  const choose = async (f: File | null) => {
    setError(null);
    if (!f) return;
    const refuse = (message: string) => {
      setFile(null);
      setError(message);
    };
    const type = profileContentType(f);
    if (!(PROFILE_IMAGE_MIME as readonly string[]).includes(type)) return refuse(t('validation.upload_format_profile'));
    if (f.size > LIMITS.profileImageBytes) return refuse(t('validation.upload_size', { max: MAX_MB }));
    // by content, as the server decides: a text file named .png is no image, whatever its name says
    const sniffed = sniffContent(new Uint8Array(await f.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (!sniffed || !(PROFILE_IMAGE_MIME as readonly string[]).includes(sniffed.mime)) return refuse(t('validation.upload_format_profile'));
    setFile(f);
  };
  const shown = preview ?? current;
  const initial = (user?.contactName || user?.email || '?').slice(0, 1).toUpperCase();

  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1} size="h3">
          {t('admin.profile_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.profile_subtitle')}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack align="center" gap={6}>
            <Avatar
              src={shown}
              alt={shown ? t(preview ? 'admin.profile_preview_alt' : 'admin.profile_current_alt') : undefined}
              size={160}
              radius={160}
              color="indigo"
              data-testid="profile-preview"
            >
              <Text fz={56} fw={700} aria-hidden>
                {initial}
              </Text>
            </Avatar>
            <Text size="xs" c="dimmed">
              {preview ? t('admin.profile_preview_label') : current ? t('admin.profile_current_label') : t('admin.profile_none')}
            </Text>
          </Stack>
          <Stack gap="sm" style={{ flex: '1 1 240px' }}>
            <Text size="sm" fw={600}>
              {t('admin.profile_rules_title')}
            </Text>
            <Text size="sm" component="ul" m={0} pl="md">
              <li>{t('admin.profile_rule_formats')}</li>
              <li>{t('admin.profile_rule_size', { max: MAX_MB })}</li>
              <li>{t('admin.profile_rule_recommended')}</li>
            </Text>
            {file && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('admin.profile_chosen', { name: file.name })}
              </Text>
            )}
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group gap="sm">
              <FileButton onChange={(f) => void choose(f)} accept={PROFILE_ACCEPT}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconUpload size={16} />}>
                    {t(current || file ? 'admin.profile_choose_other' : 'admin.profile_choose')}
                  </Button>
                )}
              </FileButton>
              {file && (
                <Button loading={save.isPending} onClick={() => save.mutate(file)}>
                  {t('admin.save')}
                </Button>
              )}
              {file && (
                <Button variant="subtle" color="gray" onClick={() => setFile(null)} disabled={save.isPending}>
                  {t('admin.cancel')}
                </Button>
              )}
              {!file && current && (
                <Button
                  variant="default"
                  leftSection={<IconTrash size={16} />}
                  loading={remove.isPending}
                  onClick={() =>
                    modals.openConfirmModal({
                      title: t('admin.profile_remove_title'),
                      children: <Text size="sm">{t('admin.profile_remove_body')}</Text>,
                      labels: { confirm: t('admin.profile_remove'), cancel: t('admin.cancel') },
                      confirmProps: { color: 'red.9' },
                      onConfirm: () => remove.mutate(),
                    })
                  }
                >
                  {t('admin.profile_remove')}
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}

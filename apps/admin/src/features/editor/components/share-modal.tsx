import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  Tooltip,
} from '@mantine/core';
import { setPreviewPasswordBody } from '@swipe/core/api/previewshare.ts';
import { email as emailRule } from '@swipe/core/validation.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IconTrash } from '../../../components/icons';
import { useLang, useT } from '../../../lib/i18n';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validate';
import { inviteShares, listShares, revokeShares, setSharePassword, shareStatus } from '../api/editor';
import { useEditor } from '../editor-context';

/** Preview sharing: invite viewers by e-mail, list and revoke them, and the preview password. */
export function ShareModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const { siteId } = useEditor();
  const [emails, setEmails] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string>();
  const [secure, setSecure] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [pwError, setPwError] = useState<string>();
  const list = useQuery({ queryKey: ['share', siteId], queryFn: () => listShares(siteId), enabled: opened, meta: { silent: true } });
  const status = useQuery({
    queryKey: ['share-status', siteId],
    queryFn: () => shareStatus(siteId),
    enabled: opened,
    meta: { silent: true },
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['share', siteId] });
    void qc.invalidateQueries({ queryKey: ['share-status', siteId] });
  };
  const invite = useMutation({
    mutationFn: () => inviteShares(siteId, emails),
    onSuccess: (r) => {
      notifySuccess(r.message);
      setEmails([]);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (e: string) => revokeShares(siteId, [e]),
    onSuccess: (r) => {
      notifySuccess(r.message);
      refresh();
    },
  });
  const setPw = useMutation({
    mutationFn: (v: { password: string; previewSecurity: boolean }) => setSharePassword(siteId, v.password, v.previewSecurity),
    onSuccess: (r) => {
      notifySuccess(r.message);
      setPassword('');
      refresh();
    },
  });
  const isSecure = secure ?? Boolean(status.data?.previewSecurity);
  const rows = list.data?.items ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={t('admin.share_title')} size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('admin.share_help')}
        </Text>
        {status.data && !status.data.hasPassword && (
          <Alert color="orange" variant="light" py={8} data-testid="share-no-passcode">
            <Text size="sm">{t('admin.pub_no_passcode')}</Text>
          </Alert>
        )}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const bad = emails.find((x) => !validate(emailRule, x, lang).ok);
            if (emails.length === 0) return setEmailError(t('validation.required'));
            if (bad) return setEmailError(`${bad}: ${t('validation.email')}`);
            setEmailError(undefined);
            invite.mutate();
          }}
        >
          <Group align="flex-end" wrap="nowrap">
            <TagsInput
              label={t('admin.invite_emails')}
              placeholder="name@example.com"
              value={emails}
              onChange={setEmails}
              splitChars={[',', ' ', ';']}
              error={emailError}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={invite.isPending}>
              {t('admin.invite')}
            </Button>
          </Group>
        </form>
        <Divider label={t('admin.invited')} labelPosition="left" />
        {list.isPending ? (
          <Loader size="sm" />
        ) : list.isError ? (
          <Alert color="gray" variant="light">
            {errorMessage(list.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.no_invited')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.email}>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td w={40}>
                    <Tooltip label={t('admin.revoke')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('admin.revoke')}: ${r.email}`}
                        onClick={() => revoke.mutate(r.email)}
                        loading={revoke.isPending && revoke.variables === r.email}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Divider label={t('admin.preview_security')} labelPosition="left" />
        {status.data && (
          <Text size="sm" c="dimmed" data-testid="share-status">
            {t(status.data.hasPassword ? 'admin.preview_password_set' : 'admin.preview_password_none')}
          </Text>
        )}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const r = validate(setPreviewPasswordBody, { previewSecurity: isSecure, password }, lang);
            setPwError(r.ok ? undefined : r.errors.password);
            if (r.ok) setPw.mutate({ password, previewSecurity: isSecure });
          }}
        >
          <Stack gap="xs">
            <Switch label={t('admin.preview_security_on')} checked={isSecure} onChange={(e) => setSecure(e.currentTarget.checked)} />
            <Group align="flex-end" wrap="nowrap">
              <PasswordInput
                label={t('admin.preview_password')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={pwError}
                style={{ flex: 1 }}
                autoComplete="new-password"
                maxLength={50}
              />
              <Button type="submit" variant="light" loading={setPw.isPending}>
                {t('admin.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserDetail } from '@swipe/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconEdit } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { changeContract, deleteUser, resendSetup } from './api';

// The account's actions (back-office.md 4): edit, pause, resume, terminate, delete, resend the set-up
// link. Each irreversible one asks first and says what happens; a refusal shows the server's message in the dialog.

type Action = 'pause' | 'resume' | 'terminate' | 'delete' | 'resend';

export function UserActions({ u }: { u: UserDetail }) {
  const t = useT();
  const base = useBase();
  const me = useSession()?.user;
  const [open, setOpen] = useState<Action | null>(null);
  if (me?.authority !== 'EDIT') return null;
  // Never oneself or one's owner (staff act for it): the server refuses those too.
  if (u.id === me.id || (me.type === 'SUB_ADMIN' && u.id === me.parentId)) return null;
  const status = u.contractStatus;
  const closed = status === 'TERMINATED';
  const buttons: { action: Action; show: boolean; color?: string; variant?: string }[] = [
    { action: 'resend', show: u.setupPending && !closed, variant: 'default' },
    { action: 'pause', show: status === 'ACTIVE' || status === 'INACTIVE', variant: 'default' },
    { action: 'resume', show: status === 'SUSPENDED', variant: 'light' },
    { action: 'terminate', show: !closed, color: 'red', variant: 'light' },
    { action: 'delete', show: true, color: 'red', variant: 'subtle' },
  ];
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {!closed && (
          <Button
            component={Link}
            to={`${base}/update-user/${u.type.toLowerCase()}/${u.id}`}
            leftSection={<IconEdit size={16} />}
            variant="filled"
          >
            {t('admin.users_edit')}
          </Button>
        )}
        {buttons
          .filter((b) => b.show)
          .map((b) => (
            <Button key={b.action} color={b.color} variant={b.variant} onClick={() => setOpen(b.action)}>
              {t(b.action === 'resend' ? 'admin.users_resend_setup' : `admin.users_${b.action}`)}
            </Button>
          ))}
      </Group>
      {open && <ConfirmAction u={u} action={open} onClose={() => setOpen(null)} mayOverride={me.type === 'MASTER'} />}
    </>
  );
}

function ConfirmAction({ u, action, onClose, mayOverride }: { u: UserDetail; action: Action; onClose: () => void; mayOverride: boolean }) {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [override, setOverride] = useState(false);
  const company = u.companyName || u.email;
  const run = useMutation({
    meta: { silent: true },
    mutationFn: async (): Promise<string> => {
      if (action === 'delete') return (await deleteUser(u.id)).message;
      if (action === 'resend') return (await resendSetup(u.id)).message;
      await changeContract(u.id, action, action === 'terminate' && override);
      return t(`admin.users_done_${action}`);
    },
    onSuccess: async (message) => {
      notifySuccess(message);
      onClose();
      await qc.invalidateQueries({ queryKey: ['users'] });
      if (action === 'delete') navigate(`${base}/user-list`);
    },
  });
  const key = action === 'resend' ? 'resend' : action;
  const danger = action === 'terminate' || action === 'delete';
  return (
    <Modal opened onClose={onClose} title={t(`admin.users_confirm_${key}_title`, { company })} centered>
      <Stack gap="md">
        <Text size="sm">{t(`admin.users_confirm_${key}_body`, { email: u.email })}</Text>
        {action === 'terminate' && mayOverride && (
          <Checkbox label={t('admin.users_override')} checked={override} onChange={(e) => setOverride(e.currentTarget.checked)} />
        )}
        {run.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(run.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={run.isPending} onClick={() => run.mutate()} data-autofocus>
            {t(action === 'resend' ? 'admin.users_resend_setup' : `admin.users_${action}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { firstOfNextMonthJst, type UserDetail } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { plansQuery, updateUser } from './api';

// The plan-change dialog: an account with a plan gets the chosen one from 00:00 Japan time on the 1st of
// next month (next month's plan, applied by the monthly job), and the booking can be cancelled until then; an account
// without a plan gets it at once. The server (PUT /user/{id} plan_id) holds the rules.

/** The button beside the plan card, for those who may change this account's plan (the server refuses the others too). */
export function PlanChangeButton({ u }: { u: UserDetail }) {
  const t = useT();
  const me = useSession()?.user;
  const [open, setOpen] = useState(false);
  if (me?.authority !== 'EDIT' || u.type === 'SUB_ADMIN' || u.contractStatus === 'TERMINATED') return null;
  if (u.id === me.id || (me.type === 'SUB_ADMIN' && u.id === me.parentId)) return null;
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        {t('admin.plan_change_open')}
      </Button>
      {open && <PlanChangeDialog u={u} onClose={() => setOpen(false)} />}
    </>
  );
}

function PlanChangeDialog({ u, onClose }: { u: UserDetail; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const plans = useQuery(plansQuery(u.type));
  const now = u.planId === null;
  const [choice, setChoice] = useState<string | null>(u.nextPlanId ? String(u.nextPlanId) : null);
  const options = (plans.data?.items ?? []).filter((p) => p.id !== u.planId).map((p) => ({ value: String(p.id), label: p.name }));
  const save = useMutation({
    meta: { silent: true },
    mutationFn: (planId: number | null) => updateUser(u.id, { planId }),
    onSuccess: async (_r, planId) => {
      notifySuccess(
        t(
          planId === null
            ? 'admin.plan_change_cancelled_done'
            : now
              ? 'admin.plan_change_assigned_done'
              : 'admin.plan_change_scheduled_done',
        ),
      );
      await qc.invalidateQueries({ queryKey: ['users'] });
      onClose();
    },
  });
  const chosen = choice ? Number(choice) : null;
  return (
    <Modal opened onClose={onClose} title={t('admin.plan_change_title', { company: u.companyName || u.email })} centered>
      <Stack gap="md">
        <Text size="sm">{t(now ? 'admin.plan_change_now_help' : 'admin.plan_change_help')}</Text>
        <Stack gap={4}>
          <Text size="sm">
            {t('admin.users_plan_now')}: <b>{u.planName ?? t('admin.users_no_plan')}</b>
          </Text>
          <Text size="sm" data-testid="dialog-next-plan">
            {t('admin.users_plan_next')}: <b>{u.nextPlanName ?? t('admin.users_plan_unchanged')}</b>
          </Text>
        </Stack>
        {plans.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(plans.error)}
          </Alert>
        ) : (
          <Select
            label={t(now ? 'admin.plan_change_select_now' : 'admin.plan_change_select')}
            placeholder={plans.isPending ? '…' : undefined}
            data={options}
            value={choice}
            onChange={setChoice}
            nothingFoundMessage={t('admin.plan_change_none')}
            disabled={plans.isPending}
            description={now ? undefined : t('admin.plan_change_effective', { date: firstOfNextMonthJst() })}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          {u.nextPlanId !== null ? (
            <Button variant="subtle" color="red" onClick={() => save.mutate(null)} loading={save.isPending && save.variables === null}>
              {t('admin.plan_change_cancel_booking')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button
              disabled={chosen === null || chosen === u.nextPlanId}
              loading={save.isPending && save.variables !== null}
              onClick={() => save.mutate(chosen)}
            >
              {t(now ? 'admin.plan_change_assign' : 'admin.plan_change_schedule')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Checkbox, Drawer, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import {
  PLAN_CONTRACT_TYPES,
  PLAN_FLAGS,
  PLAN_NAME_MAX,
  PLAN_NUMBER_MAX,
  type PlanBody,
  type PlanFlag,
  type PlanView,
  planBody,
} from '@swipe/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSmallScreen } from '../../components/list-layout';
import { useLang, useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { type FieldErrors, validate } from '../../lib/validate';
import { createPlan, updatePlan } from './api';

// Create or edit a plan: core's planBody is the rule (the server's), checked on submit and then on every change.
// What was typed is kept as typed (a long name is not cut, a minus sign not dropped, a number not clamped): the rule's
// message says what is wrong and nothing is saved. Editing a plan in use says first that saving makes a new version
// and who stays on the current one.

type NumberKey = 'price' | 'quantitySwipe' | 'quantitySite' | 'limitAccess' | 'limitAccessPrice';
const NUMBERS: { key: NumberKey; label: string; min: number }[] = [
  { key: 'price', label: 'price', min: 0 },
  { key: 'quantitySite', label: 'quantity_site', min: 0 },
  { key: 'quantitySwipe', label: 'quantity_swipe', min: 1 },
  { key: 'limitAccess', label: 'limit_access', min: 0 },
  { key: 'limitAccessPrice', label: 'limit_access_price', min: 0 },
];
type Values = Omit<PlanBody, NumberKey> & Record<NumberKey, number | string>;

const EMPTY: Values = {
  names: { ja: '', en: '', kr: '', cn: '' },
  contractType: 'standard',
  price: '',
  quantitySwipe: 50,
  quantitySite: 1,
  limitAccess: 0,
  limitAccessPrice: 0,
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, f === 'swipe'])) as Record<PlanFlag, boolean>),
};

function fromPlan(p: PlanView): Values {
  const { names, contractType, price, quantitySwipe, quantitySite, limitAccess, limitAccessPrice } = p;
  return {
    names: { ...names },
    contractType,
    price,
    quantitySwipe,
    quantitySite,
    limitAccess,
    limitAccessPrice,
    ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f]])) as Record<PlanFlag, boolean>),
  };
}

export function PlanFormDrawer({ opened, onClose, plan }: { opened: boolean; onClose: () => void; plan: PlanView | null }) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const phone = useSmallScreen();
  const [v, setV] = useState<Values>(plan ? fromPlan(plan) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const check = (next: Values) => {
    // an emptied number field is missing ("required"); "-" alone or digits past a safe number are not numbers
    const numbers = Object.fromEntries(NUMBERS.map((n) => [n.key, next[n.key] === '' ? undefined : next[n.key]]));
    const r = validate(planBody, { ...next, ...numbers }, lang);
    setErrors(r.ok ? {} : r.errors);
    return r;
  };
  const change = (patch: Partial<Values>) => {
    const next = { ...v, ...patch };
    setV(next);
    if (submitted) check(next);
  };
  const save = useMutation({
    meta: { silent: true },
    mutationFn: async (body: PlanBody) => {
      if (!plan) {
        await createPlan(body);
        return t('admin.plans_created');
      }
      const r = await updatePlan(plan.id, body);
      return r.newVersion ? t('admin.plans_saved_version', { version: r.plan.version, count: r.keptAccounts }) : t('admin.plans_saved');
    },
    onSuccess: async (message) => {
      notifySuccess(message);
      await qc.invalidateQueries({ queryKey: ['plans'] });
      await qc.invalidateQueries({ queryKey: ['users'] });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        setErrors(Object.fromEntries(err.fields.map((f) => [f.path, f.message])));
        setServerError(null);
      } else setServerError(errorMessage(err));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const r = check(v);
    if (r.ok) save.mutate(r.data);
  };
  const err = (path: string) => (submitted ? errors[path] : undefined);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={t(plan ? 'admin.plans_form_edit_title' : 'admin.plans_form_create_title')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {plan?.used && (
            <Alert color="orange" variant="light" data-testid="new-version-warning">
              {t('admin.plans_form_new_version', { next: plan.version + 1, version: plan.version, count: plan.accounts })}
            </Alert>
          )}
          <Fieldset legend={t('admin.plans_form_names')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {(['ja', 'en', 'kr', 'cn'] as const).map((l) => (
                <TextInput
                  key={l}
                  label={t(`admin.plans_form_name_${l}`)}
                  required={l === 'ja'}
                  value={v.names[l]}
                  description={t('admin.chars_count', { n: [...v.names[l]].length, max: PLAN_NAME_MAX })}
                  onChange={(e) => change({ names: { ...v.names, [l]: e.currentTarget.value } })}
                  error={err(`names.${l}`)}
                />
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt={6}>
              {t('admin.plans_form_name_hint')}
            </Text>
          </Fieldset>
          <Select
            label={t('admin.plans_col_type')}
            data={PLAN_CONTRACT_TYPES.map((c) => ({ value: c, label: t(`admin.plans_type_${c}`) }))}
            value={v.contractType}
            onChange={(x) => x && change({ contractType: x as Values['contractType'] })}
            allowDeselect={false}
            error={err('contractType')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {NUMBERS.map((n) => (
              <NumberInput
                key={n.key}
                label={t(`admin.plans_form_${n.label}`)}
                required
                value={v[n.key]}
                onChange={(x) => change({ [n.key]: x } as Partial<Values>)}
                min={n.min}
                max={PLAN_NUMBER_MAX}
                clampBehavior="none"
                thousandSeparator=","
                error={err(n.key)}
              />
            ))}
          </SimpleGrid>
          <Fieldset legend={t('admin.plans_form_flags')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {PLAN_FLAGS.map((f) => (
                <Checkbox
                  key={f}
                  label={t(`admin.plans_flag_${f}`)}
                  checked={v[f]}
                  onChange={(e) => change({ [f]: e.currentTarget.checked })}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          {serverError && (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin.plans_form_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ApiError } from '@swipe/api-client';
import { type AccountType, createAccountBody, type UserDetail, updateAccountBody } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/states';
import { useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { type FieldErrors, shown, validate } from '../../lib/validate';
import { createUser, plansQuery, updateUser, userQuery } from './api';
import { creatableTypes, typeLabel } from './labels';

// back-office.md 2: /{userTypeId}/create-user/{id} and /{userTypeId}/update-user/{type}/{id}. The rules are the
// core's zod schemas (the server's), checked as the operator types; a new account gets a set-up link, no password.

interface Form {
  type: AccountType;
  companyName: string;
  email: string;
  contactName: string;
  planId: string;
  contractStart: string | null;
  contractEnd: string | null;
  authority: 'EDIT' | 'VIEW';
  licenseIssue: boolean;
  logoUrl: string;
}

export function CreateUserPage() {
  const me = useSession()?.user;
  const types = creatableTypes((me?.effectiveType ?? 'USER') as AccountType);
  if (!me || types.length === 0 || me.authority !== 'EDIT') return <Navigate to="/errors/403" replace />;
  const first = types[0] as AccountType;
  return (
    <UserForm
      initial={{
        type: first,
        companyName: '',
        email: '',
        contactName: '',
        planId: '',
        contractStart: null,
        contractEnd: null,
        authority: 'EDIT',
        licenseIssue: false,
        logoUrl: '',
      }}
      types={types}
    />
  );
}

export function UpdateUserPage() {
  const id = Number(useParams().id);
  const user = useQuery({ ...userQuery(id), enabled: id > 0 });
  if (user.isError) return <ErrorState error={user.error} onRetry={() => user.refetch()} />;
  const u = user.data;
  if (!u) return <Skeleton h={400} aria-busy />;
  return (
    <UserForm
      key={u.id}
      existing={u}
      initial={{
        type: u.type,
        companyName: u.companyName,
        email: u.email,
        contactName: u.contactName,
        planId: String(u.nextPlanId ?? u.planId ?? ''),
        contractStart: u.contractStart,
        contractEnd: u.contractEnd,
        authority: u.authority,
        licenseIssue: u.licenseIssue,
        logoUrl: u.logoUrl ?? '',
      }}
      types={[u.type]}
    />
  );
}

function UserForm({ initial, existing, types }: { initial: Form; existing?: UserDetail; types: AccountType[] }) {
  const t = useT();
  const lang = useLang();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [f, setF] = useState<Form>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const plans = useQuery(plansQuery(f.type));
  const hasPlan = Boolean(existing && existing.planId !== null);

  const body = {
    ...(existing ? {} : { type: f.type }),
    companyName: f.companyName,
    email: f.email,
    contactName: f.contactName,
    planId: f.planId ? Number(f.planId) : null,
    contractStart: f.contractStart || null,
    contractEnd: f.contractEnd || null,
    authority: f.authority,
    licenseIssue: f.licenseIssue,
    logoUrl: f.logoUrl,
  };
  const checked = validate(existing ? updateAccountBody : createAccountBody, body, lang);
  const errors: FieldErrors = { ...(checked.ok ? {} : checked.errors), ...serverErrors };
  const err = (k: keyof Form) => shown(errors, k, submitted || Boolean(touched[k]));
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    setTouched((x) => ({ ...x, [k]: true }));
    setServerErrors(({ [k]: _, ...rest }) => rest);
  };

  const save = useMutation({
    meta: { silent: true },
    mutationFn: () => {
      if (!checked.ok) throw new Error('invalid');
      if (!existing) return createUser(createAccountBody.parse(body));
      // Only what changed: the plan is sent when the choice differs from what the account will have next month.
      const next = String(existing.nextPlanId ?? existing.planId ?? '');
      const { planId, ...rest } = updateAccountBody.parse(body);
      return updateUser(existing.id, f.planId === next ? rest : { ...rest, planId });
    },
    onSuccess: async (u) => {
      await qc.invalidateQueries({ queryKey: ['users'] });
      notifySuccess(t(existing ? 'admin.users_saved' : 'admin.users_created'));
      navigate(`${base}/user/${u.id}`);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length > 0) setServerErrors(Object.fromEntries(e.fields.map((x) => [x.path, x.message])));
    },
  });
  const formError = save.error instanceof ApiError && save.error.fields.length === 0 ? save.error.message : null;

  // An account that has a plan changes it from next month; "no plan" is not a change it can book.
  const planData = [
    ...(hasPlan ? [] : [{ value: '', label: t('admin.users_form_plan_none') }]),
    ...(plans.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  // An account's current plan stays choosable (it cancels a booked change) even when no longer offered.
  if (existing?.planId && !planData.some((p) => p.value === String(existing.planId)))
    planData.push({ value: String(existing.planId), label: existing.planName ?? String(existing.planId) });

  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to={existing ? `${base}/user/${existing.id}` : `${base}/user-list`} size="sm">
        ← {existing ? existing.companyName || existing.email : t('admin.users_back_to_list')}
      </Anchor>
      <Title order={1} size="h3">
        {t(existing ? 'admin.users_update_title' : 'admin.users_create_title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(true);
            if (checked.ok) save.mutate();
          }}
        >
          <Stack gap="md">
            {existing ? (
              <Text size="sm">
                {t('admin.users_form_type')}: <b>{typeLabel(t, existing.type)}</b>
              </Text>
            ) : (
              <Select
                label={t('admin.users_form_type')}
                data={types.map((x) => ({ value: x, label: typeLabel(t, x) }))}
                value={f.type}
                onChange={(v) => v && setF((x) => ({ ...x, type: v as AccountType, planId: '' }))}
                allowDeselect={false}
                required
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('admin.users_form_company')}
                value={f.companyName}
                onChange={(e) => set('companyName', e.currentTarget.value)}
                error={err('companyName')}
                maxLength={50}
                required
              />
              <TextInput
                label={t('admin.users_form_email')}
                type="email"
                value={f.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                error={err('email')}
                autoComplete="off"
                required
              />
              <TextInput
                label={t('admin.users_form_contact')}
                value={f.contactName}
                onChange={(e) => set('contactName', e.currentTarget.value)}
                error={err('contactName')}
                maxLength={50}
              />
              <Select
                label={hasPlan ? t('admin.users_plan_next') : t('admin.users_form_plan')}
                description={
                  hasPlan
                    ? `${t('admin.users_form_plan_current', { plan: existing?.planName ?? '' })} ${t('admin.users_form_plan_next_hint')}`
                    : undefined
                }
                data={planData}
                value={f.planId}
                onChange={(v) => set('planId', v ?? '')}
                error={err('planId')}
                allowDeselect={false}
              />
              <DateInput
                label={t('admin.users_form_contract_start')}
                value={f.contractStart}
                onChange={(v) => set('contractStart', v)}
                valueFormat="YYYY-MM-DD"
                placeholder={t('admin.users_pick_date')}
                clearable
                clearButtonProps={{ 'aria-label': t('admin.clear') }}
                error={err('contractStart')}
                popoverProps={{ withinPortal: true }}
              />
              <DateInput
                label={t('admin.users_form_contract_end')}
                value={f.contractEnd}
                onChange={(v) => set('contractEnd', v)}
                valueFormat="YYYY-MM-DD"
                placeholder={t('admin.users_pick_date')}
                minDate={f.contractStart ?? undefined}
                // a contract may be open-ended (core's checkContractDates): never required
                description={t('admin.users_form_contract_end_hint')}
                clearable
                clearButtonProps={{ 'aria-label': t('admin.clear') }}
                error={err('contractEnd')}
                popoverProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <Radio.Group
              label={t('admin.users_form_authority')}
              value={f.authority}
              onChange={(v) => set('authority', v as Form['authority'])}
            >
              <Group gap="lg" mt={6}>
                <Radio value="EDIT" label={t('admin.users_form_authority_edit')} />
                <Radio value="VIEW" label={t('admin.users_form_authority_view')} />
              </Group>
            </Radio.Group>
            <Checkbox
              label={t('admin.users_form_license')}
              checked={f.licenseIssue}
              onChange={(e) => set('licenseIssue', e.currentTarget.checked)}
            />
            <TextInput
              label={t('admin.users_form_logo')}
              description={t('admin.users_form_logo_hint')}
              value={f.logoUrl}
              onChange={(e) => set('logoUrl', e.currentTarget.value)}
              error={err('logoUrl')}
              placeholder="https://"
            />
            {!existing && (
              <Alert variant="light" color="blue">
                {t('admin.users_form_setup_note')}
              </Alert>
            )}
            {formError && (
              <Alert variant="light" color="red" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" component={Link} to={existing ? `${base}/user/${existing.id}` : `${base}/user-list`}>
                {t('admin.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t(existing ? 'admin.users_form_save' : 'admin.users_form_create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

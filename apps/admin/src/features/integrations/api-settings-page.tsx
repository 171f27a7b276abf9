import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import {
  API_AUTH_METHODS,
  API_TAGS,
  type ApiAuthMethod,
  type ApiSettingsResponse,
  type ApiSettingsView,
  apiSettingsBody,
  WEBHOOK_METHODS,
} from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListError } from '../../components/list-layout';
import { PageLoader } from '../../components/page-loader';
import { useLang, useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { type FieldErrors, validate } from '../../lib/validate';
import { rotateKey, rotateSecret, saveSettings, settingsQuery } from './api';
import { DeliveryLog } from './delivery-log';
import { OnceModal, type ShownOnce } from './once-modal';

// API settings (back-office.md 3 "API settings", 5 "API dialog"): enable, one authentication method,
// the webhook endpoint with its signing secret, the delivery log. A new API key or signing secret is shown once, in a
// modal; afterwards only its first characters.

interface Values {
  enabled: boolean;
  authMethod: ApiAuthMethod;
  ips: string;
  basicId: string;
  basicPassword: string;
  webhookUrl: string;
  webhookMethod: (typeof WEBHOOK_METHODS)[number];
  tags: (typeof API_TAGS)[number];
}

const fromView = (s: ApiSettingsView): Values => ({
  enabled: s.enabled,
  authMethod: s.authMethod ?? 'API_KEY',
  ips: s.allowedIps.join('\n'),
  basicId: s.basicId,
  basicPassword: '',
  webhookUrl: s.webhookUrl,
  webhookMethod: s.webhookMethod,
  tags: s.tags,
});
const toBody = (v: Values) => ({
  enabled: v.enabled,
  authMethod: v.authMethod,
  allowedIps: v.ips
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean),
  basicId: v.basicId.trim(),
  basicPassword: v.basicPassword,
  webhookUrl: v.webhookUrl.trim(),
  webhookMethod: v.webhookMethod,
  tags: v.tags,
});

export function ApiSettingsPage() {
  const t = useT();
  const settings = useQuery(settingsQuery());
  // here, not in the form: a save remounts the form with the new settings, the secrets must outlive that
  const [shown, setShown] = useState<ShownOnce[]>([]);
  if (settings.isError) return <ListError query={settings} />;
  if (!settings.data) return <PageLoader />;
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          {t('admin.api_title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('admin.api_intro')}
        </Text>
      </div>
      <SettingsForm key={settings.data.updatedAt ?? 'new'} s={settings.data} onShown={(more) => setShown((cur) => [...cur, ...more])} />
      <OnceModal shown={shown[0]} onClose={() => setShown((cur) => cur.slice(1))} />
    </Stack>
  );
}

function SettingsForm({ s, onShown }: { s: ApiSettingsView; onShown: (secrets: ShownOnce[]) => void }) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const [v, setV] = useState<Values>(fromView(s));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (next: Values) => {
    const r = validate(apiSettingsBody, toBody(next), lang);
    const errs: FieldErrors = r.ok ? {} : r.errors;
    if (next.authMethod === 'BASIC_AUTH' && !next.basicPassword && (!s.hasBasicPassword || next.basicId.trim() !== s.basicId))
      errs.basicPassword ??= t('validation.api_basic_required');
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };
  const change = (patch: Partial<Values>) => {
    const next = { ...v, ...patch };
    setV(next);
    if (submitted) check(next);
  };
  const done = async (r: ApiSettingsResponse) => {
    const made: ShownOnce[] = [];
    if (r.apiKey) made.push({ kind: 'api_key', value: r.apiKey });
    if (r.webhookSecret) made.push({ kind: 'webhook_secret', value: r.webhookSecret });
    if (made.length > 0) onShown(made);
    notifySuccess(r.message);
    qc.setQueryData(settingsQuery().queryKey, r.settings);
  };
  const save = useMutation({
    mutationFn: () => saveSettings(toBody(v)),
    meta: { silent: true },
    onSuccess: done,
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(Object.fromEntries(err.fields.map((f) => [f.path, f.message])));
      else setErrors({ '': errorMessage(err) });
    },
  });
  const rotate = useMutation({ mutationFn: rotateKey, onSuccess: done });
  const secret = useMutation({ mutationFn: rotateSecret, onSuccess: done });
  const confirm = (title: string, body: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: t('admin.confirm'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm,
    });
  const ipError = errors.allowedIps ?? Object.entries(errors).find(([k]) => k.startsWith('allowedIps.'))?.[1];
  const curl =
    v.authMethod === 'API_KEY'
      ? `curl -H "X-API-Key: ${s.apiKeyPrefix ?? 'swk_…'}…" ${location.origin}/api/v1/leads/contacts?limit=100`
      : v.authMethod === 'BASIC_AUTH'
        ? `curl -u ${v.basicId || 'id'}:… -H "X-Swipe-Account: ${s.accountId}" ${location.origin}/api/v1/leads/contacts`
        : `curl -H "X-Swipe-Account: ${s.accountId}" ${location.origin}/api/v1/leads/contacts`;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (check(v)) save.mutate();
      }}
    >
      <Stack gap="md">
        {!canEdit && <Alert color="gray">{t('admin.api_view_only')}</Alert>}
        {errors[''] && (
          <Alert color="red" role="alert">
            {errors['']}
          </Alert>
        )}
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Switch
              label={t('admin.api_enabled')}
              checked={v.enabled}
              onChange={(e) => change({ enabled: e.currentTarget.checked })}
              disabled={!canEdit}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="api-method-label">
                {t('admin.api_auth_method')}
              </Text>
              <SegmentedControl
                aria-labelledby="api-method-label"
                data={API_AUTH_METHODS.map((m) => ({ value: m, label: t(`admin.api_method_${m.toLowerCase()}`) }))}
                value={v.authMethod}
                onChange={(m) => change({ authMethod: m as ApiAuthMethod })}
                disabled={!canEdit}
                fullWidth
                orientation={typeof window !== 'undefined' && window.innerWidth < 500 ? 'vertical' : 'horizontal'}
              />
            </Stack>
            {v.authMethod === 'IP_RESTRICTION' && (
              <Textarea
                label={t('admin.api_allowed_ips')}
                description={t('admin.api_allowed_ips_help')}
                value={v.ips}
                onChange={(e) => change({ ips: e.currentTarget.value })}
                error={ipError}
                autosize
                minRows={3}
                required
                disabled={!canEdit}
              />
            )}
            {v.authMethod === 'BASIC_AUTH' && (
              <Group grow align="flex-start">
                <TextInput
                  label={t('admin.api_basic_id')}
                  value={v.basicId}
                  onChange={(e) => change({ basicId: e.currentTarget.value })}
                  error={errors.basicId}
                  required
                  maxLength={50}
                  autoComplete="off"
                  disabled={!canEdit}
                />
                <PasswordInput
                  label={t('admin.api_basic_password')}
                  description={s.hasBasicPassword ? t('admin.api_basic_password_keep') : undefined}
                  value={v.basicPassword}
                  onChange={(e) => change({ basicPassword: e.currentTarget.value })}
                  error={errors.basicPassword}
                  required={!s.hasBasicPassword}
                  maxLength={100}
                  autoComplete="new-password"
                  disabled={!canEdit}
                />
              </Group>
            )}
            {v.authMethod === 'API_KEY' && (
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text size="sm" fw={500}>
                    {t('admin.api_key_label')}
                  </Text>
                  {s.apiKeyPrefix ? (
                    <Code data-testid="api-key-prefix">{s.apiKeyPrefix}…</Code>
                  ) : (
                    <Text size="sm">{t('admin.api_key_none')}</Text>
                  )}
                </div>
                {s.apiKeyPrefix && canEdit && (
                  <Button
                    variant="default"
                    loading={rotate.isPending}
                    onClick={() => confirm(t('admin.api_key_rotate_title'), t('admin.api_key_rotate_body'), () => rotate.mutate())}
                  >
                    {t('admin.api_key_rotate')}
                  </Button>
                )}
              </Group>
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('admin.api_usage')}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {curl}
              </Code>
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="api-tags-label">
                {t('admin.api_tags')}
              </Text>
              <SegmentedControl
                aria-labelledby="api-tags-label"
                data={API_TAGS.map((x) => ({ value: x, label: t(`admin.api_tags_${x.toLowerCase()}`) }))}
                value={v.tags}
                onChange={(x) => change({ tags: x as Values['tags'] })}
                disabled={!canEdit}
              />
              <Text size="xs" c="dimmed">
                {t('admin.api_tags_help')}
              </Text>
            </Stack>
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('admin.api_webhook')}
            </Title>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('admin.api_webhook_url')}
                description={
                  <>
                    {t('admin.api_webhook_url_help')} <span data-testid="webhook-mode">{t(`admin.api_webhook_mode_${s.webhookMode}`)}</span>
                  </>
                }
                placeholder={s.webhookMode === 'local' ? 'http://localhost:9000/hook' : 'https://example.com/webhooks/swipe'}
                value={v.webhookUrl}
                onChange={(e) => change({ webhookUrl: e.currentTarget.value })}
                error={errors.webhookUrl}
                maxLength={256}
                disabled={!canEdit}
                style={{ flexGrow: 3, minWidth: 240 }}
              />
              <Select
                label={t('admin.api_webhook_method')}
                data={[...WEBHOOK_METHODS]}
                value={v.webhookMethod}
                onChange={(m) => m && change({ webhookMethod: m as Values['webhookMethod'] })}
                allowDeselect={false}
                disabled={!canEdit}
                maw={140}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('admin.api_webhook_secret')}
              </Text>
              <Group gap="xs" wrap="nowrap">
                {s.webhookSecretPrefix ? (
                  <Code data-testid="webhook-secret-prefix">{s.webhookSecretPrefix}…</Code>
                ) : (
                  <Text size="sm">{t('admin.api_secret_none')}</Text>
                )}
                {canEdit && s.webhookSecretPrefix && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={secret.isPending}
                    onClick={() => confirm(t('admin.api_secret_rotate_title'), t('admin.api_secret_rotate_body'), () => secret.mutate())}
                  >
                    {t('admin.api_secret_rotate')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t('admin.api_webhook_secret_help')}
              </Text>
            </Stack>
          </Stack>
        </Card>
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('admin.api_save')}
            </Button>
          </Group>
        )}
        <DeliveryLog canEdit={canEdit} />
      </Stack>
    </form>
  );
}

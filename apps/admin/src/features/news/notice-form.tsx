import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Image,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ApiError } from '@swipe/api-client';
import {
  type NewsView,
  NOTICE_INTENTS,
  type NoticeIntent,
  newsBody,
  type PublishType,
  RECEIVER_ROLES,
  type ReceiverRole,
  type SystemNotiView,
  systemNotiBody,
} from '@swipe/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../components/date-field';
import { IconTrash, IconUpload } from '../../components/icons';
import { useLang, useT } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { type FieldErrors, shown, validate } from '../../lib/validate';
import {
  createNews,
  createSystemNoti,
  IMAGE_ACCEPT,
  imageProblem,
  siteChoicesQuery,
  updateNews,
  updateSystemNoti,
  uploadNoticeImage,
} from './api';

// The form of a news item or a system notification: the core's rules as you type, the server's
// field errors on save; the image goes through media's upload first and only its URL is saved.

interface Form {
  title: string;
  url: string;
  body: string;
  imageUrl: string | null;
  publishType: PublishType;
  intent: NoticeIntent;
  startDate: string | null;
  endDate: string | null;
  distributionSiteId: string;
  receiverRoles: ReceiverRole[];
}

type Props =
  | { kind: 'news'; existing?: NewsView; onSaved: (v: NewsView) => void }
  | { kind: 'system'; existing?: SystemNotiView; onSaved: (v: SystemNotiView) => void };

function initial(p: Props): Form {
  const e = p.existing;
  return {
    title: e?.title ?? '',
    url: e?.url ?? '',
    body: e?.body ?? '',
    imageUrl: e?.imageUrl ?? null,
    publishType: e?.publishType ?? 'INSTANT',
    intent: e?.intent ?? 'PUBLIC',
    startDate: e?.startDate ?? null,
    endDate: e?.endDate ?? null,
    distributionSiteId: p.kind === 'news' && p.existing?.distributionSiteId ? String(p.existing.distributionSiteId) : '',
    receiverRoles: p.kind === 'system' && p.existing ? p.existing.receiverRoles : [],
  };
}

export function NoticeForm(props: Props) {
  const t = useT();
  const lang = useLang();
  const [f, setF] = useState<Form>(() => initial(props));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [siteSearch, setSiteSearch] = useState('');
  const [debouncedSite] = useDebouncedValue(siteSearch, 300);
  const sites = useQuery({ ...siteChoicesQuery(debouncedSite), enabled: props.kind === 'news' });

  const common = {
    title: f.title,
    url: f.url,
    body: f.body,
    imageUrl: f.imageUrl,
    publishType: f.publishType,
    intent: f.intent,
    startDate: f.publishType === 'SCHEDULED' ? f.startDate : null,
    endDate: f.endDate,
  };
  const body =
    props.kind === 'news'
      ? { ...common, distributionSiteId: f.distributionSiteId ? Number(f.distributionSiteId) : null }
      : { ...common, receiverRoles: f.receiverRoles };
  const checked = validate(props.kind === 'news' ? newsBody : systemNotiBody, body, lang);
  const errors: FieldErrors = { ...(checked.ok ? {} : checked.errors), ...serverErrors };
  const err = (k: string) => shown(errors, k, submitted || Boolean(touched[k]));
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    setTouched((x) => ({ ...x, [k]: true }));
    setServerErrors(({ [k]: _, ...rest }) => rest);
  };

  const upload = useMutation({
    mutationFn: uploadNoticeImage,
    onSuccess: (url) => set('imageUrl', url),
  });
  const pick = (file: File | null) => {
    if (!file) return;
    const bad = imageProblem(file);
    if (bad) notifyError(new Error(t(bad, { max: Math.round(LIMITS.uploadBytes / 1024 / 1024) })));
    else upload.mutate(file);
  };

  const save = useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      if (!checked.ok) throw new Error('invalid');
      if (props.kind === 'news') {
        const b = newsBody.parse(body);
        const v = props.existing ? await updateNews(props.existing.id, b) : await createNews(b);
        props.onSaved(v);
      } else {
        const b = systemNotiBody.parse(body);
        const v = props.existing ? await updateSystemNoti(props.existing.id, b) : await createSystemNoti(b);
        props.onSaved(v);
      }
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length > 0) setServerErrors(Object.fromEntries(e.fields.map((x) => [x.path, x.message])));
      else notifyError(e);
    },
  });

  const siteData = [
    { value: '', label: t('admin.notices_distribution_all') },
    ...(sites.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name || `#${s.id}` })),
  ];
  if (props.kind === 'news' && props.existing?.distributionSiteId && !siteData.some((s) => s.value === f.distributionSiteId))
    siteData.push({ value: String(props.existing.distributionSiteId), label: props.existing.distributionSiteName ?? '' });

  return (
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
          <TextInput
            label={t('admin.notices_field_title')}
            value={f.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={err('title')}
            maxLength={LIMITS.text + 10}
            description={`${f.title.length} / ${LIMITS.text}`}
            required
          />
          <TextInput
            label={t('admin.notices_field_url')}
            type="url"
            value={f.url}
            onChange={(e) => set('url', e.currentTarget.value)}
            error={err('url')}
            placeholder="https://"
          />
          <Textarea
            label={t('admin.notices_field_body')}
            value={f.body}
            onChange={(e) => set('body', e.currentTarget.value)}
            error={err('body')}
            description={`${f.body.length} / ${LIMITS.notificationBody}`}
            autosize
            minRows={3}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('admin.notices_field_image')}
            </Text>
            {f.imageUrl && <Image src={f.imageUrl} alt={t('admin.notices_image_alt')} h={120} w="auto" fit="contain" radius="sm" />}
            <Group gap="xs">
              <FileButton onChange={pick} accept={IMAGE_ACCEPT}>
                {(p) => (
                  <Button {...p} variant="default" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                    {t(f.imageUrl ? 'admin.notices_image_replace' : 'admin.notices_image_upload')}
                  </Button>
                )}
              </FileButton>
              {f.imageUrl && (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={t('admin.notices_image_remove')}
                  onClick={() => set('imageUrl', null)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            {err('imageUrl') && (
              <Text size="xs" c="red.8">
                {err('imageUrl')}
              </Text>
            )}
          </Stack>
          {props.kind === 'news' ? (
            <Select
              label={t('admin.notices_field_distribution')}
              description={t('admin.notices_distribution_help')}
              data={siteData}
              value={f.distributionSiteId}
              onChange={(v) => set('distributionSiteId', v ?? '')}
              searchable
              onSearchChange={setSiteSearch}
              nothingFoundMessage={t('admin.notices_no_sites')}
              error={err('distributionSiteId')}
              allowDeselect={false}
            />
          ) : (
            <Checkbox.Group
              label={t('admin.notices_field_receivers')}
              value={f.receiverRoles}
              onChange={(v) => set('receiverRoles', v as ReceiverRole[])}
              error={err('receiverRoles')}
              required
            >
              <Group mt={6} gap="md">
                {RECEIVER_ROLES.map((r) => (
                  <Checkbox key={r} value={r} label={t(`admin.notices_role_${r.toLowerCase()}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Radio.Group
            label={t('admin.notices_field_publish_type')}
            value={f.publishType}
            onChange={(v) => set('publishType', v as PublishType)}
          >
            <Group mt={6} gap="md">
              <Radio value="INSTANT" label={t('admin.notices_publish_instant')} />
              <Radio value="SCHEDULED" label={t('admin.notices_publish_scheduled')} />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {f.publishType === 'SCHEDULED' && (
              <DateField
                label={t('admin.notices_field_start')}
                value={f.startDate}
                onChange={(v) => set('startDate', v)}
                error={err('startDate')}
                required
              />
            )}
            {/* a start needs an end (core's checkDateRange): required whenever the item is scheduled */}
            <DateField
              label={t('admin.notices_field_end')}
              value={f.endDate}
              onChange={(v) => set('endDate', v)}
              error={err('endDate')}
              required={f.publishType === 'SCHEDULED'}
            />
          </SimpleGrid>
          <Radio.Group label={t('admin.notices_field_intent')} value={f.intent} onChange={(v) => set('intent', v as NoticeIntent)}>
            <Group mt={6} gap="md">
              {NOTICE_INTENTS.map((i) => (
                <Radio key={i} value={i} label={t(`admin.notices_intent_${i.toLowerCase()}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="notice-save">
              {t('admin.notices_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

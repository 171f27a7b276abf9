import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Image,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import { DELIVERY_STATUSES, type DeliveryInput, type DeliveryView, deliveryBody } from '@swipe/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DateField } from '../../components/date-field';
import { IconTrash, IconUpload } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { useMediaSrc } from '../../lib/app-config';
import { useLang, useT } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useBase } from '../../lib/session';
import { type FieldErrors, shown, validate } from '../../lib/validate';
import { createDelivery, deliveryQuery, deliverySiteQuery, IMAGE_ACCEPT, imageProblem, updateDelivery, uploadDeliveryImage } from './api';
import { BannerPreview } from './banner-preview';

// Create or edit one banner notification: the same rules as the server, checked as you type,
// and the banner as visitors will see it beside the form.

interface Form {
  title: string;
  content: string;
  lang: string;
  imageUrl: string | null;
  newsUrl: string;
  status: DeliveryInput['status'];
  startDate: string | null;
  endDate: string | null;
}
const EMPTY: Form = { title: '', content: '', lang: '', imageUrl: null, newsUrl: '', status: 'PUBLIC', startDate: null, endDate: null };
const fromView = (d: DeliveryView): Form => ({
  title: d.title,
  content: d.content,
  lang: d.lang ?? '',
  imageUrl: d.imageUrl,
  newsUrl: d.newsUrl ?? '',
  status: d.status,
  startDate: d.startDate,
  endDate: d.endDate,
});

export function DeliveryCreatePage() {
  return <DeliveryFormScreen />;
}

export function DeliveryEditPage() {
  const id = Number(useParams().id);
  const q = useQuery(deliveryQuery(id));
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <PageLoader />;
  return <DeliveryFormScreen existing={q.data} />;
}

function DeliveryFormScreen({ existing }: { existing?: DeliveryView }) {
  const t = useT();
  const lang = useLang();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mediaSrc = useMediaSrc();
  const siteId = Number(useParams().siteId);
  const site = useQuery(deliverySiteQuery(siteId));
  const [f, setF] = useState<Form>(existing ? fromView(existing) : EMPTY);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const root = `${base}/notification-delivery/${siteId}`;

  const body = { ...f, lang: f.lang || null, newsUrl: f.newsUrl || null };
  const checked = validate(deliveryBody, body, lang);
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
      return existing ? updateDelivery(existing.id, checked.data) : createDelivery(siteId, checked.data);
    },
    onSuccess: async (d) => {
      await qc.invalidateQueries({ queryKey: ['deliveries'] });
      notifySuccess(t(existing ? 'admin.delivery_saved' : 'admin.delivery_created'));
      navigate(`${root}/detail/${d.id}`);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length > 0) setServerErrors(Object.fromEntries(e.fields.map((x) => [x.path, x.message])));
    },
  });
  const formError = save.error instanceof ApiError && save.error.fields.length === 0 ? save.error.message : null;

  const upload = async (file: File | null) => {
    if (!file) return;
    const bad = imageProblem(file);
    if (bad) return notifyError(new Error(t(bad)));
    setUploading(true);
    try {
      set('imageUrl', await uploadDeliveryImage(siteId, file));
    } catch (e) {
      notifyError(e);
    } finally {
      setUploading(false);
    }
  };

  const langs = site.data?.languages ?? [];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={existing ? `${root}/detail/${existing.id}` : root} size="sm">
        ← {existing ? existing.title : t('admin.delivery_back_to_list')}
      </Anchor>
      <Title order={1} size="h3">
        {t(existing ? 'admin.delivery_edit_title' : 'admin.delivery_create_title')}
      </Title>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
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
                {/* both fields stop at core's limits (the server's), their counters in view */}
                <TextInput
                  label={t('admin.delivery_field_title')}
                  description={t('admin.delivery_chars', { n: [...f.title].length, max: LIMITS.text })}
                  value={f.title}
                  onChange={(e) => set('title', e.currentTarget.value)}
                  maxLength={LIMITS.text}
                  error={err('title')}
                  required
                />
                <Textarea
                  label={t('admin.delivery_field_content')}
                  description={t('admin.delivery_chars', { n: [...f.content].length, max: LIMITS.notificationBody })}
                  value={f.content}
                  maxLength={LIMITS.notificationBody}
                  onChange={(e) => set('content', e.currentTarget.value)}
                  error={err('content')}
                  autosize
                  minRows={3}
                />
                <Group grow align="flex-start" wrap="wrap">
                  <Select
                    label={t('admin.delivery_field_lang')}
                    data={[
                      { value: '', label: t('admin.delivery_lang_all') },
                      ...langs.map((l) => ({ value: l, label: t(`admin.delivery_lang_${l}`) })),
                    ]}
                    value={f.lang}
                    onChange={(v) => set('lang', v ?? '')}
                    error={err('lang')}
                    allowDeselect={false}
                    miw={160}
                  />
                  <Select
                    label={t('admin.delivery_field_status')}
                    data={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`admin.delivery_status_${s.toLowerCase()}`) }))}
                    value={f.status}
                    onChange={(v) => v && set('status', v as Form['status'])}
                    allowDeselect={false}
                    miw={160}
                  />
                </Group>
                <Group grow align="flex-start" wrap="wrap">
                  <DateField
                    label={t('admin.delivery_field_start')}
                    value={f.startDate}
                    onChange={(v) => set('startDate', v)}
                    error={err('startDate')}
                  />
                  <DateField
                    label={t('admin.delivery_field_end')}
                    value={f.endDate}
                    onChange={(v) => set('endDate', v)}
                    error={err('endDate')}
                  />
                </Group>
                <TextInput
                  label={t('admin.delivery_field_link')}
                  placeholder="https://"
                  value={f.newsUrl}
                  onChange={(e) => set('newsUrl', e.currentTarget.value)}
                  error={err('newsUrl')}
                />
                <Stack gap={6}>
                  <Text size="sm" fw={500}>
                    {t('admin.delivery_field_image')}
                  </Text>
                  {f.imageUrl && <Image src={mediaSrc(f.imageUrl, 400)} alt="" radius="md" mah={140} w="auto" fit="contain" />}
                  <Group gap="xs">
                    <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
                      {(p) => (
                        <Button {...p} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={uploading}>
                          {t(f.imageUrl ? 'admin.delivery_image_replace' : 'admin.delivery_image_upload')}
                        </Button>
                      )}
                    </FileButton>
                    {f.imageUrl && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('admin.delivery_image_remove')}
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
                {formError && (
                  <Text c="red.8" size="sm" role="alert">
                    {formError}
                  </Text>
                )}
                <Group justify="flex-end">
                  <Button component={Link} to={existing ? `${root}/detail/${existing.id}` : root} variant="default">
                    {t('admin.cancel')}
                  </Button>
                  <Button type="submit" loading={save.isPending} disabled={uploading}>
                    {t('admin.save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md">
            <BannerPreview
              label={t('admin.delivery_preview_this')}
              items={[{ id: 'draft', title: f.title, content: f.content, imageUrl: f.imageUrl, newsUrl: f.newsUrl || null }]}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

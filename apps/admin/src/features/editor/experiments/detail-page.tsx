import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import type { ExperimentDetail } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { useT } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBase, useSession } from '../../../lib/session';
import type { Doc } from '../model/doc';
import { deleteExperiment, experimentQuery, promote, type Transition, transition, updateExperiment } from './api';
import { StatusBadge } from './labels';
import { Results } from './results';
import { contentOf, docWith, testedPages, VariationEditor } from './variation-editor';

// One A/B test: its variations (edited while a draft, with the site editor's page tools), its controls (start,
// pause, resume, stop, publish the winner, delete; each asked before it changes what visitors see) and results.

export function ExperimentPage() {
  const t = useT();
  const params = useParams();
  const siteId = Number(params.id);
  const id = Number(params.experimentId);
  const q = useQuery({ ...experimentQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (!Number.isInteger(id) || id <= 0) return <ErrorScreen code="404" inline />;
  if (q.isPending) return <PageLoader label={t('admin.fetching')} />;
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.status === 404) return <ErrorScreen code="404" inline />;
    return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  }
  return <Experiment key={`${q.data.id}:${q.data.updatedAt}`} siteId={siteId} x={q.data} />;
}

function Experiment({ siteId, x }: { siteId: number; x: ExperimentDetail }) {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const draft = x.status === 'draft';
  const readOnly = !draft || !canEdit;
  const [tab, setTab] = useState<string>(draft ? 'variations' : 'results');
  const [name, setName] = useState(x.name);
  const [docs, setDocs] = useState<Record<number, Doc>>(() =>
    x.base ? Object.fromEntries(x.variations.map((v) => [v.id, docWith(x.base as Doc, v.content)])) : {},
  );
  const [active, setActive] = useState<number>(x.variations[1]?.id ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const pages = useMemo(() => (x.base ? testedPages(x, x.base) : []), [x]);
  const popup = x.scope === 'site' || x.popup;
  useEffect(() => setErrors({}), [active]);

  const refresh = async (next?: ExperimentDetail) => {
    if (next) qc.setQueryData(['experiments', x.id], next);
    await qc.invalidateQueries({ queryKey: ['experiments'] });
  };
  const save = useMutation({
    mutationFn: () =>
      updateExperiment(x.id, {
        name,
        coverage: x.coverage,
        variations: x.variations.map((v, i) => ({
          id: v.id,
          name: v.name,
          weight: v.weight,
          content:
            i === 0
              ? { pages: {} }
              : contentOf(
                  docs[v.id] as Doc,
                  pages.map((p) => p.id),
                  popup,
                ),
        })),
      }),
    onSuccess: async (next) => {
      notifySuccess(t('admin.xp_saved'));
      setDirty(false);
      await refresh(next);
    },
    onError: (e) => {
      // a broken rule of a variation's page: shown on its field in the editor
      if (e instanceof ApiError && e.fields?.length) {
        const out: Record<string, string> = {};
        for (const f of e.fields) {
          const m = /^variations\.(\d+)\.content\.pages\.(\d+)\.(.+)$/.exec(f.path);
          const at = m && pages.find((p) => p.id === Number(m[2]));
          if (m && at) out[`categories.${at.c}.pages.${at.r}.${m[3]}`] = f.message;
        }
        setErrors(out);
      }
      notifyError(e);
    },
  });
  const step = useMutation({
    mutationFn: (a: Transition) => transition(x.id, a),
    onSuccess: async (next, a) => {
      notifySuccess(t(`admin.xp_${a === 'start' ? 'started' : a === 'pause' ? 'paused' : a === 'resume' ? 'resumed' : 'stopped'}`));
      await refresh(next);
    },
    onError: (e) => notifyError(e),
  });
  const win = useMutation({
    mutationFn: (variationId: number) => promote(x.id, variationId),
    onSuccess: async (next) => {
      notifySuccess(t('admin.xp_promoted'));
      await qc.invalidateQueries({ queryKey: ['sites'] });
      await refresh(next);
    },
    onError: (e) => notifyError(e),
  });
  const del = useMutation({
    mutationFn: () => deleteExperiment(x.id),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['experiments', 'site', siteId] });
      navigate(`${base}/site/${siteId}/experiments`);
    },
    onError: (e) => notifyError(e),
  });
  const ask = (title: string, body: string, confirm: string, run: () => void, red = false) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm, cancel: t('admin.cancel') },
      confirmProps: red ? { color: 'red' } : {},
      onConfirm: run,
    });
  const askStart = () => {
    if (dirty) return notifyError(new Error(t('admin.unsaved_changes')));
    ask(t('admin.xp_confirm_start_title'), t('admin.xp_confirm_start'), t('admin.xp_start'), () => step.mutate('start'));
  };
  const askPromote = (v: ExperimentDetail['variations'][number]) =>
    ask(
      t('admin.xp_confirm_promote_title', { name: v.name }),
      t(v.position === 0 ? 'admin.xp_confirm_promote_control' : 'admin.xp_confirm_promote'),
      t('admin.xp_promote_this'),
      () => win.mutate(v.id),
    );
  const busy = step.isPending || win.isPending || del.isPending;
  const activeVariation = x.variations.find((v) => v.id === active);

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Anchor component={Link} to={`${base}/site/${siteId}/experiments`} size="sm">
          ← {t('admin.xp_back_to_list')}
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h3">
            {x.name}
          </Title>
          <StatusBadge status={x.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('admin.xp_seed')}: <code>{x.seed}</code> · {t('admin.xp_coverage')}: {x.coverage} % · {t('admin.xp_seed_hint')}
        </Text>
      </Stack>
      {canEdit && (
        <Group gap="xs" wrap="wrap">
          {x.status === 'draft' && (
            <Button onClick={askStart} loading={step.isPending} disabled={busy || !x.base} data-testid="xp-start">
              {t('admin.xp_start')}
            </Button>
          )}
          {x.status === 'running' && (
            <Button variant="default" onClick={() => step.mutate('pause')} disabled={busy}>
              {t('admin.xp_pause')}
            </Button>
          )}
          {x.status === 'paused' && (
            <Button variant="default" onClick={() => step.mutate('resume')} disabled={busy}>
              {t('admin.xp_resume')}
            </Button>
          )}
          {(x.status === 'running' || x.status === 'paused') && (
            <Button
              variant="default"
              color="red"
              disabled={busy}
              onClick={() =>
                ask(t('admin.xp_confirm_stop_title'), t('admin.xp_confirm_stop'), t('admin.xp_stop'), () => step.mutate('stop'), true)
              }
            >
              {t('admin.xp_stop')}
            </Button>
          )}
          {x.status !== 'draft' &&
            x.status !== 'completed' &&
            x.variations.map((v) => (
              <Button key={v.id} variant="light" disabled={busy} onClick={() => askPromote(v)} data-testid={`xp-promote-${v.position}`}>
                {t('admin.xp_promote')}: {v.name}
              </Button>
            ))}
          {x.status !== 'running' && x.status !== 'paused' && (
            <Button
              variant="subtle"
              color="red"
              disabled={busy}
              onClick={() =>
                ask(
                  t('admin.xp_confirm_delete_title'),
                  t('admin.xp_confirm_delete', { name: x.name }),
                  t('admin.xp_delete'),
                  () => del.mutate(),
                  true,
                )
              }
            >
              {t('admin.xp_delete')}
            </Button>
          )}
        </Group>
      )}
      {!x.base && (
        <Alert color="yellow" variant="light" role="status">
          {t('admin.xp_not_published')}
        </Alert>
      )}
      <Tabs value={tab} onChange={(v) => v && setTab(v)} variant="outline">
        <Tabs.List>
          <Tabs.Tab value="variations">{t('admin.xp_tab_variations')}</Tabs.Tab>
          <Tabs.Tab value="results">{t('admin.xp_tab_results')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="variations" pt="md">
          <Stack gap="md">
            {draft && canEdit && (
              <TextInput
                label={t('admin.xp_name')}
                value={name}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setDirty(true);
                }}
                maw={420}
              />
            )}
            <SegmentedControl
              aria-label={t('admin.xp_variations')}
              value={String(active)}
              onChange={(v) => setActive(Number(v))}
              data={x.variations.map((v) => ({
                value: String(v.id),
                label: `${v.position === 0 ? t('admin.xp_control') : v.name} · ${v.weight} %`,
              }))}
              style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
            />
            {activeVariation?.position === 0 ? (
              <Alert color="gray" variant="light">
                {t('admin.xp_control_note')}
              </Alert>
            ) : (
              docs[active] && (
                <Card withBorder radius="md">
                  <VariationEditor
                    key={active}
                    siteId={siteId}
                    doc={docs[active] as Doc}
                    onChange={(d) => {
                      setDocs((all) => ({ ...all, [active]: d }));
                      setDirty(true);
                    }}
                    pages={pages}
                    popup={popup}
                    readOnly={readOnly}
                    errors={errors}
                  />
                </Card>
              )
            )}
            {draft && canEdit && (
              <Group justify="flex-end">
                <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty} data-testid="xp-save">
                  {t('admin.xp_save')}
                </Button>
              </Group>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="md">
          {tab === 'results' && <Results id={x.id} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

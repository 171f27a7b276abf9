import { Alert, Button, Checkbox, Group, MultiSelect, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type ExperimentList, experimentCreateBody, MAX_VARIATIONS } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useBase } from '../../../lib/session';
import { siteDetailQuery } from '../../../lib/sites';
import { issuesToErrors } from '../../../lib/validate';
import { createExperiment } from './api';
import { pagesWithCells } from './labels';

// A new test: its name, what it tests (chosen pages, or the whole site), its variations with their weights and the
// share of visitors in it. Checked as it is typed with core's rules; the variations start as copies of the original.

interface Row {
  name: string;
  weight: number;
}

export function CreateForm({ siteId, underTest, onDone }: { siteId: number; underTest: ExperimentList['underTest']; onDone: () => void }) {
  const t = useT();
  const lang = useLang();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const site = useQuery(siteDetailQuery(siteId));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'pages' | 'site'>('pages');
  const [pageIds, setPageIds] = useState<string[]>([]);
  const [popup, setPopup] = useState(false);
  const [coverage, setCoverage] = useState<number | string>(100);
  const [rows, setRows] = useState<Row[]>([
    { name: t('admin.xp_control'), weight: 50 },
    { name: t('admin.xp_variation_default', { n: 1 }), weight: 50 },
  ]);
  const [touched, setTouched] = useState(false);
  const body = {
    name,
    scope,
    pageIds: pageIds.map(Number),
    popup,
    coverage: Number(coverage) || 0,
    variations: rows,
  };
  const parsed = experimentCreateBody.safeParse(body);
  const errors = parsed.success ? {} : issuesToErrors(parsed.error, lang);
  const sum = rows.reduce((s, r) => s + (Number(r.weight) || 0), 0);
  const pages = site.data ? pagesWithCells(site.data) : [];
  const busy = new Set(underTest.pageIds);

  const create = useMutation({
    mutationFn: () => createExperiment(siteId, body),
    onSuccess: async (x) => {
      await qc.invalidateQueries({ queryKey: ['experiments', 'site', siteId] });
      onDone();
      navigate(`${base}/site/${siteId}/experiments/${x.id}`);
    },
    onError: (e) => notifyError(e),
  });
  const setRow = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const err = (k: string) => (touched ? errors[k] : undefined);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (parsed.success) create.mutate();
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label={t('admin.xp_name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={err('name')} required />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="xp-scope-label">
            {t('admin.xp_scope')}
          </Text>
          <SegmentedControl
            aria-labelledby="xp-scope-label"
            value={scope}
            onChange={(v) => setScope(v as 'pages' | 'site')}
            data={[
              { value: 'pages', label: t('admin.xp_scope_pages') },
              { value: 'site', label: t('admin.xp_scope_site') },
            ]}
          />
        </Stack>
        {scope === 'pages' && (
          <>
            <MultiSelect
              label={t('admin.xp_pages')}
              description={t('admin.xp_pages_hint')}
              data={pages.map((p) => ({ value: String(p.id), label: p.cell, disabled: busy.has(p.id) }))}
              value={pageIds}
              onChange={setPageIds}
              error={err('pageIds')}
              searchable
              data-testid="xp-pages"
            />
            <Checkbox label={t('admin.xp_popup')} checked={popup} onChange={(e) => setPopup(e.currentTarget.checked)} />
          </>
        )}
        <NumberInput
          label={t('admin.xp_coverage')}
          description={t('admin.xp_coverage_hint')}
          min={1}
          max={100}
          value={coverage}
          onChange={setCoverage}
          error={err('coverage')}
        />
        <Text size="sm" fw={500}>
          {t('admin.xp_variations')}
        </Text>
        {rows.map((r, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={i === 0 ? t('admin.xp_control') : t('admin.xp_variation_name')}
              value={r.name}
              onChange={(e) => setRow(i, { name: e.currentTarget.value })}
              error={err(`variations.${i}.name`)}
            />
            <NumberInput
              w={110}
              label={t('admin.xp_weight')}
              min={0}
              max={100}
              value={r.weight}
              onChange={(v) => setRow(i, { weight: Number(v) || 0 })}
            />
            {i > 1 && (
              <Button variant="subtle" color="red" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                {t('admin.xp_remove_variation')}
              </Button>
            )}
          </Group>
        ))}
        {sum !== 100 && (
          <Text size="sm" c="red.8" role="status">
            {t('admin.xp_weights_sum', { sum })}
          </Text>
        )}
        {rows.length < MAX_VARIATIONS + 1 && (
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => setRows((rs) => [...rs, { name: t('admin.xp_variation_default', { n: rs.length }), weight: 0 }])}
            >
              {t('admin.xp_add_variation')}
            </Button>
          </Group>
        )}
        {site.isError && (
          <Alert color="red" variant="light">
            {t('admin.load_failed')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-testid="xp-create-submit">
            {t('admin.xp_create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

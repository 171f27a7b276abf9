import { Button, Card, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { csvBlob } from '@swipe/api-client';
import type { SurveyResponseView } from '@swipe/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import {
  ClearFiltersButton,
  ExportCsvButton,
  FilterBar,
  ListError,
  SkeletonCards,
  SkeletonRows,
  usePhoneLayout,
} from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import { downloadBlob } from '../../lib/format';
import { type T, useLang, useT } from '../../lib/i18n';
import {
  exportSurveyResponsesCsv,
  type SurveyTabParams,
  surveyChoicesQuery,
  surveyResponsesQuery,
  textIn,
  visitorTime,
} from './api/visitors';
import { DetailDrawer, type DetailRow } from './detail-drawer';

// The visitors screen's survey tab (issue 14.13): the responses to the site's surveys with their scores,
// searched, filtered by survey, paged and exported like the other tabs (the surveys module's API), and one
// response in full in a drawer.

export function SurveyResponsesTab({ siteId }: { siteId: number }) {
  const t = useT();
  const lang = useLang();
  const phone = usePhoneLayout();
  const { sp, page, pageSize, search, searchInput, setSearchInput, set } = useListParams();
  const surveyId = Number(sp.get('survey')) || undefined;
  const params: SurveyTabParams = { page, pageSize, search, surveyId };
  const list = useQuery(surveyResponsesQuery(siteId, params));
  const choices = useQuery(surveyChoicesQuery(siteId));
  const csv = useMutation({
    mutationFn: () => exportSurveyResponsesCsv(siteId, params),
    onSuccess: (text) => downloadBlob(csvBlob(text), `site-${siteId}-surveys-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const [open, setOpen] = useState<SurveyResponseView | null>(null);
  const filtered = Boolean(search || surveyId);
  const avg = list.data?.averageScore;
  const detail = (r: SurveyResponseView): DetailRow[] => [
    { label: t('admin.survey_col_date'), value: visitorTime(r.createdAt) },
    { label: t('admin.survey_col_email'), value: r.email },
    { label: t('admin.survey_col_survey'), value: textIn(r.surveyTitle, lang) },
    { label: t('admin.survey_col_score'), value: String(r.score) },
    ...r.answers.map((a) => ({
      label: textIn(a.question, lang),
      value: `${a.answer.join(' / ')}${a.points !== null && a.answer.length > 0 ? ` (${t('admin.survey_points_n', { n: a.points })})` : ''}`,
    })),
  ];
  const more = (r: SurveyResponseView) => (
    <Button size="compact-xs" variant="light" onClick={() => setOpen(r)} aria-label={t('admin.visitors_detail_for', { name: r.email })}>
      {t('admin.visitors_detail')}
    </Button>
  );

  return (
    <Card withBorder padding={0} radius="md">
      <FilterBar>
        <ListSearch label={t('admin.survey_search_email')} value={searchInput} onChange={setSearchInput} />
        <Select
          label={t('admin.survey_filter')}
          data={[
            { value: '', label: t('admin.survey_all') },
            ...(choices.data?.items ?? []).map((x) => ({ value: String(x.id), label: textIn(x.title, lang) || `#${x.id}` })),
          ]}
          value={surveyId ? String(surveyId) : ''}
          onChange={(v) => set({ survey: v || null, page: null })}
          allowDeselect={false}
          w={220}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data
            ? `${t('admin.visitors_count', { count: list.data.total })}${avg !== null && avg !== undefined ? ` · ${t('admin.survey_average', { n: avg })}` : ''}`
            : '\u00a0'}
        </Text>
        <ExportCsvButton loading={csv.isPending} onClick={() => csv.mutate()} />
      </FilterBar>
      {list.isError ? (
        <ListError query={list} />
      ) : phone ? (
        <Stack gap={0} aria-busy={list.isFetching} data-testid="visitors-surveys">
          {list.isPending && <SkeletonCards count={3} h={96} />}
          {list.data?.items.map((r) => (
            <Stack key={r.id} gap={4} p="sm" data-testid="visitor-row" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {r.email}
                </Text>
                <Text size="sm" fw={700}>
                  {t('admin.survey_score_n', { n: r.score })}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {textIn(r.surveyTitle, lang)} · {visitorTime(r.createdAt)}
              </Text>
              <Answers r={r} lang={lang} t={t} />
              <Group>{more(r)}</Group>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" aria-busy={list.isFetching} data-testid="visitors-surveys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.survey_col_date')}</Table.Th>
                <Table.Th>{t('admin.survey_col_email')}</Table.Th>
                <Table.Th>{t('admin.survey_col_survey')}</Table.Th>
                <Table.Th>{t('admin.survey_col_score')}</Table.Th>
                <Table.Th>{t('admin.survey_col_answers')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.visitors_detail')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows rows={3} cols={6} />}
              {list.data?.items.map((r) => (
                <Table.Tr key={r.id} data-testid="visitor-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{visitorTime(r.createdAt)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email}</Table.Td>
                  <Table.Td>{textIn(r.surveyTitle, lang)}</Table.Td>
                  <Table.Td fw={700}>{r.score}</Table.Td>
                  <Table.Td>
                    <Answers r={r} lang={lang} t={t} />
                  </Table.Td>
                  <Table.Td>{more(r)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.items.length === 0 && (
        <EmptyState
          title={filtered ? t('admin.survey_no_response_match') : t('admin.survey_no_responses')}
          action={
            filtered ? (
              <ClearFiltersButton
                onClick={() => {
                  setSearchInput('');
                  set({ q: null, survey: null, page: null });
                }}
              />
            ) : undefined
          }
        />
      )}
      {list.data && list.data.total > 0 && <ListFooter page={page} pageSize={pageSize} total={list.data.total} set={set} />}
      <DetailDrawer title={t('admin.visitors_detail_title')} rows={open ? detail(open) : null} onClose={() => setOpen(null)} />
    </Card>
  );
}

function Answers({ r, lang, t }: { r: SurveyResponseView; lang: string; t: T }) {
  return (
    <Stack gap={2}>
      {r.answers
        .filter((a) => a.answer.length > 0)
        .map((a) => (
          <Text key={a.questionId} size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            <b>{textIn(a.question, lang)}</b> {a.answer.join(' / ')}
            {a.points !== null && ` (${t('admin.survey_points_n', { n: a.points })})`}
          </Text>
        ))}
    </Stack>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import { formatJapanTime, type SurveyChoices, type SurveyResponseList, type SurveyResponseView } from '@swipe/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api';
import { textIn } from '../lib/format';
import { type T, useLang, useT } from '../lib/i18n';
import { DataList } from './data-list/data-list';
import { FilterSelect } from './data-list/filter-select';
import { positiveId, useListState } from './data-list/list-state';
import type { Column } from './data-list/types';
import { DetailDrawer, type DetailRow } from './detail-drawer';

// The survey responses of one site : who answered what, each answer's points and the
// score, filtered by survey, searched by e-mail, paged, exported as CSV, and one response in full in a drawer.
// One list for the surveys screen (/site/{id}/survey-responses) and the visitors screen's survey tab
// (server: modules/surveys/operator.routes.ts).

export type ResponseParams = { page: number; pageSize: number; search: string; surveyId?: number };

/** The site owner's surveys, for the survey filter and the editor's survey link. */
export const surveyChoicesQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['surveys', 'choices', siteId],
    queryFn: ({ signal }) => api.get<SurveyChoices>(`sites/${siteId}/surveys`, { signal }),
    staleTime: 30_000,
  });

export const surveyResponsesQuery = (siteId: number, p: ResponseParams) =>
  queryOptions({
    queryKey: ['surveys', 'responses', siteId, p],
    queryFn: ({ signal }) =>
      api.get<SurveyResponseList>(`sites/${siteId}/survey-responses`, {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined, surveyId: p.surveyId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const exportResponses = (siteId: number, p: ResponseParams) =>
  api.get<string>(`sites/${siteId}/survey-responses/export-csv`, {
    query: { search: p.search || undefined, surveyId: p.surveyId },
    raw: true,
  });

const when = (at: string) => formatJapanTime(at) || '—';

export function SurveyResponsesList({ siteId, listTestId, rowTestId }: { siteId: number; listTestId: string; rowTestId: string }) {
  const t = useT();
  const lang = useLang();
  const state = useListState({ filters: { survey: positiveId } });
  const surveyId = state.filter.survey ? Number(state.filter.survey) : undefined;
  const params: ResponseParams = { page: state.page, pageSize: state.pageSize, search: state.search, surveyId };
  const list = useQuery(surveyResponsesQuery(siteId, params));
  const choices = useQuery(surveyChoicesQuery(siteId));
  const [open, setOpen] = useState<SurveyResponseView | null>(null);
  const avg = list.data?.averageScore;
  const detail = (r: SurveyResponseView): DetailRow[] => [
    { label: t('admin.survey_col_date'), value: when(r.createdAt) },
    { label: t('admin.survey_col_email'), value: r.email },
    { label: t('admin.survey_col_survey'), value: textIn(r.surveyTitle, lang) },
    { label: t('admin.survey_col_score'), value: String(r.score) },
    ...r.answers.map((a) => ({
      label: textIn(a.question, lang),
      value: `${a.answer.join(' / ')}${a.points !== null && a.answer.length > 0 ? ` (${t('admin.survey_points_n', { count: a.points })})` : ''}`,
    })),
  ];
  const columns: Column<SurveyResponseView>[] = [
    { key: 'date', title: t('admin.survey_col_date'), nowrap: true, render: (r) => when(r.createdAt) },
    {
      key: 'email',
      title: t('admin.survey_col_email'),
      phone: 'title',
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.email}
        </Text>
      ),
    },
    { key: 'survey', title: t('admin.survey_col_survey'), render: (r) => textIn(r.surveyTitle, lang) },
    { key: 'score', title: t('admin.survey_col_score'), render: (r) => <b>{r.score}</b> },
    { key: 'answers', title: t('admin.survey_col_answers'), phone: 'plain', render: (r) => <Answers r={r} lang={lang} t={t} /> },
    {
      key: 'detail',
      title: t('admin.visitors_detail'),
      hiddenTitle: true,
      phone: 'actions',
      render: (r) => (
        <Button size="compact-xs" variant="light" onClick={() => setOpen(r)} aria-label={t('admin.visitors_detail_for', { name: r.email })}>
          {t('admin.visitors_detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataList
        label={t('admin.survey_responses_title')}
        state={state}
        query={list}
        columns={columns}
        rowKey={(r) => r.id}
        search={t('admin.survey_search_email')}
        filters={
          <FilterSelect
            label={t('admin.survey_filter')}
            showLabel
            data={[
              { value: '', label: t('admin.survey_all') },
              ...(choices.data?.items ?? []).map((x) => ({ value: String(x.id), label: textIn(x.title, lang) || `#${x.id}` })),
            ]}
            value={surveyId ? String(surveyId) : ''}
            onChange={(v) => state.setFilter('survey', v || null)}
            w={220}
          />
        }
        summary={
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data
              ? `${t('admin.survey_count_responses', { count: list.data.total })}${avg !== null && avg !== undefined ? ` · ${t('admin.survey_average', { n: avg })}` : ''}`
              : '\u00a0'}
          </Text>
        }
        csv={{ fileName: `survey-responses-${siteId}`, server: () => exportResponses(siteId, params) }}
        empty={{ title: t('admin.survey_no_responses') }}
        noMatch={{ title: t('admin.survey_no_response_match') }}
        minWidth={820}
        testId={listTestId}
        rowTestId={rowTestId}
      />
      <DetailDrawer title={t('admin.visitors_detail_title')} rows={open ? detail(open) : null} onClose={() => setOpen(null)} />
    </>
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
            {a.points !== null && ` (${t('admin.survey_points_n', { count: a.points })})`}
          </Text>
        ))}
    </Stack>
  );
}

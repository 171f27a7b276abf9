import { Button, Card, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { csvBlob } from '@swipe/api-client';
import { formatJapanTime, type SurveyChoices, type SurveyResponseList, type SurveyResponseView } from '@swipe/core';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api';
import { downloadBlob, textIn } from '../lib/format';
import { type T, useLang, useT } from '../lib/i18n';
import { DetailDrawer, type DetailRow } from './detail-drawer';
import { ListFooter, ListSearch, useListParams } from './list-controls';
import { ClearFiltersButton, ExportCsvButton, FilterBar, ListError, SkeletonCards, SkeletonRows, usePhoneLayout } from './list-layout';
import { EmptyState } from './states';

// The survey responses of one site (issues 12.4 and 14.13): who answered what, each answer's points and the
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
  const phone = usePhoneLayout();
  const { sp, page, pageSize, search, searchInput, setSearchInput, set } = useListParams();
  const surveyId = Number(sp.get('survey')) || undefined;
  const params: ResponseParams = { page, pageSize, search, surveyId };
  const list = useQuery(surveyResponsesQuery(siteId, params));
  const choices = useQuery(surveyChoicesQuery(siteId));
  const csv = useMutation({
    mutationFn: () => exportResponses(siteId, params),
    onSuccess: (text) => downloadBlob(csvBlob(text), `survey-responses-${siteId}-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const [open, setOpen] = useState<SurveyResponseView | null>(null);
  const filtered = Boolean(search || surveyId);
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
            ? `${t('admin.survey_count_responses', { count: list.data.total })}${avg !== null && avg !== undefined ? ` · ${t('admin.survey_average', { n: avg })}` : ''}`
            : '\u00a0'}
        </Text>
        <ExportCsvButton loading={csv.isPending} onClick={() => csv.mutate()} />
      </FilterBar>
      {list.isError ? (
        <ListError query={list} />
      ) : phone ? (
        <Stack gap={0} aria-busy={list.isFetching} data-testid={listTestId}>
          {list.isPending && <SkeletonCards count={3} h={96} />}
          {list.data?.items.map((r) => (
            <Stack key={r.id} gap={4} p="sm" data-testid={rowTestId} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {r.email}
                </Text>
                <Text size="sm" fw={700}>
                  {t('admin.survey_score_n', { count: r.score })}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {textIn(r.surveyTitle, lang)} · {when(r.createdAt)}
              </Text>
              <Answers r={r} lang={lang} t={t} />
              <Group>{more(r)}</Group>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" aria-busy={list.isFetching} data-testid={listTestId}>
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
                <Table.Tr key={r.id} data-testid={rowTestId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(r.createdAt)}</Table.Td>
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
            {a.points !== null && ` (${t('admin.survey_points_n', { count: a.points })})`}
          </Text>
        ))}
    </Stack>
  );
}

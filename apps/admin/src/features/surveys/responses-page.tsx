import { Anchor, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { SurveyChoices, SurveyResponseView } from '@swipe/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import {
  ClearFiltersButton,
  ExportCsvButton,
  FilterBar,
  ListError,
  ListHeader,
  SkeletonCards,
  SkeletonRows,
  usePhoneLayout,
} from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import { api } from '../../lib/api';
import { downloadBlob, formatDateTime } from '../../lib/format';
import { type T, useLang, useT } from '../../lib/i18n';
import { useBase } from '../../lib/session';
import { csvBlob, exportResponses, type ResponseParams, responsesQuery, textIn } from './api';

// The survey responses of one site (issue 12.4): who answered what, each answer's points and the score,
// filtered by survey, searched by e-mail, paged; the same list as CSV.

export function SurveyResponsesPage() {
  const t = useT();
  const lang = useLang();
  const base = useBase();
  const phone = usePhoneLayout();
  const siteId = Number(useParams().id);
  const { sp, page, pageSize, search, searchInput, setSearchInput, set } = useListParams();
  const surveyId = Number(sp.get('survey')) || undefined;
  const params: ResponseParams = { page, pageSize, search, surveyId };
  const list = useQuery(responsesQuery(siteId, params));
  const choices = useQuery({
    queryKey: ['surveys', 'choices', siteId],
    queryFn: ({ signal }) => api.get<SurveyChoices>(`sites/${siteId}/surveys`, { signal }),
  });
  const csv = useMutation({
    mutationFn: () => exportResponses(siteId, params),
    onSuccess: (text) => downloadBlob(csvBlob(text), `survey-responses-${siteId}-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const filtered = Boolean(search || surveyId);
  const avg = list.data?.averageScore;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${base}/site/${siteId}`} size="sm">
        ← {t('admin.delivery_back_to_site')}
      </Anchor>
      <ListHeader
        title={t('admin.survey_responses_title')}
        subtitle={
          list.data &&
          `${t('admin.survey_count_responses', { count: list.data.total })}${avg !== null && avg !== undefined ? ` · ${t('admin.survey_average', { n: avg })}` : ''}`
        }
      >
        <ExportCsvButton loading={csv.isPending} onClick={() => csv.mutate()} />
      </ListHeader>
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
        </FilterBar>
        {list.isError ? (
          <ListError query={list} />
        ) : phone ? (
          <Stack gap={0} aria-busy={list.isFetching} data-testid="response-list">
            {list.isPending && <SkeletonCards count={3} h={96} />}
            {list.data?.items.map((r) => (
              <Stack key={r.id} gap={4} p="sm" data-testid="response-row" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.email}
                  </Text>
                  <Text size="sm" fw={700}>
                    {t('admin.survey_score_n', { n: r.score })}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {textIn(r.surveyTitle, lang)} · {formatDateTime(r.createdAt)}
                </Text>
                <Answers r={r} lang={lang} t={t} />
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" aria-busy={list.isFetching} data-testid="response-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.survey_col_date')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_email')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_survey')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_score')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_answers')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows rows={3} cols={5} />}
                {list.data?.items.map((r) => (
                  <Table.Tr key={r.id} data-testid="response-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email}</Table.Td>
                    <Table.Td>{textIn(r.surveyTitle, lang)}</Table.Td>
                    <Table.Td fw={700}>{r.score}</Table.Td>
                    <Table.Td>
                      <Answers r={r} lang={lang} t={t} />
                    </Table.Td>
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
      </Card>
    </Stack>
  );
}

function Answers({ r, lang, t }: { r: SurveyResponseView; lang: string; t: T }) {
  return (
    <Stack gap={2}>
      {r.answers
        .filter((a) => a.answer.length > 0)
        .map((a) => (
          <Text key={a.questionId} size="xs" style={{ overflowWrap: 'anywhere' }}>
            <b>{textIn(a.question, lang)}</b> {a.answer.join(' / ')}
            {a.points !== null && ` (${t('admin.survey_points_n', { n: a.points })})`}
          </Text>
        ))}
    </Stack>
  );
}

import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SurveySummary } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AddButton, RowAction, RowActions } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { IconEdit, IconTrash } from '../../components/icons';
import { ListHeader } from '../../components/list-layout';
import { formatDateTime, textIn } from '../../lib/format';
import { type T, useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { deleteSurvey, surveyListQuery } from './api';

// The surveys of the caller's accounts: searchable, paged, exported as CSV; write, edit, delete; the responses
// of a survey's site.

export function SurveyListPage() {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const base = useBase();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const state = useListState();
  const params = { page: state.page, pageSize: state.pageSize, search: state.search };
  const list = useQuery(surveyListQuery(params));

  const remove = useMutation({
    mutationFn: (x: SurveySummary) => deleteSurvey(x.id),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
  const confirmRemove = (x: SurveySummary) =>
    modals.openConfirmModal({
      title: t('admin.survey_delete_title'),
      children: <Text size="sm">{t('admin.survey_delete_body', { title: textIn(x.title, lang), count: x.responseCount })}</Text>,
      labels: { confirm: t('admin.delete'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => remove.mutate(x),
    });
  const columns = surveyColumns({ t, lang, base, canEdit, onRemove: confirmRemove });
  return (
    <Stack gap="md">
      <ListHeader title={t('admin.survey_title')} subtitle={list.data && t('admin.survey_count', { count: list.data.total })}>
        {canEdit && <AddButton label={t('admin.survey_create')} to={`${base}/surveys/create`} />}
      </ListHeader>
      <DataList
        label={t('admin.survey_title')}
        state={state}
        query={list}
        columns={columns}
        rowKey={(x) => x.id}
        search={t('admin.survey_search')}
        csv={{ fileName: 'surveys', pages: (page, pageSize) => qc.fetchQuery(surveyListQuery({ ...params, page, pageSize })) }}
        empty={{ title: t('admin.survey_empty'), body: t('admin.survey_empty_body') }}
        noMatch={{ title: t('admin.survey_no_match') }}
        minWidth={640}
        testId="survey-list"
        rowTestId="survey-row"
      />
    </Stack>
  );
}

function surveyColumns(a: {
  t: T;
  lang: string;
  base: string;
  canEdit: boolean;
  onRemove: (x: SurveySummary) => void;
}): Column<SurveySummary>[] {
  const { t, lang, base } = a;
  const title = (x: SurveySummary) => textIn(x.title, lang) || `#${x.id}`;
  return [
    {
      key: 'title',
      title: t('admin.survey_col_title'),
      phone: 'title',
      csv: title,
      render: (x) => (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {title(x)}
          </Text>
          {x.status === 'INACTIVE' && (
            <Badge size="sm" color="gray.7" variant="outline" style={{ textTransform: 'none' }}>
              {t('admin.survey_status_inactive')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'site',
      title: t('admin.survey_col_site'),
      csv: (x) => x.siteName ?? '',
      render: (x) => x.siteName ?? t('admin.survey_no_site'),
    },
    { key: 'questions', title: t('admin.survey_col_questions'), csv: (x) => x.questionCount, render: (x) => x.questionCount },
    {
      key: 'responses',
      title: t('admin.survey_col_responses'),
      csv: (x) => x.responseCount,
      render: (x) =>
        x.siteId ? (
          <Anchor component={Link} to={`${base}/site/${x.siteId}/survey-responses?survey=${x.id}`} size="sm">
            {t('admin.survey_responses_n', { count: x.responseCount })}
          </Anchor>
        ) : (
          x.responseCount
        ),
    },
    {
      key: 'created',
      title: t('admin.survey_col_created'),
      nowrap: true,
      csv: (x) => formatDateTime(x.createdAt),
      render: (x) => formatDateTime(x.createdAt),
    },
    {
      key: 'actions',
      title: t('admin.survey_col_actions'),
      hiddenTitle: true,
      phone: 'actions',
      render: (x) =>
        a.canEdit && (
          <RowActions>
            <RowAction
              label={t('admin.survey_edit')}
              name={t('admin.survey_edit_for', { title: title(x) })}
              to={`${base}/surveys/edit/${x.id}`}
              icon={<IconEdit size={16} />}
            />
            <RowAction
              label={t('admin.delete')}
              name={t('admin.survey_delete_for', { title: title(x) })}
              onClick={() => a.onRemove(x)}
              icon={<IconTrash size={16} />}
              color="red"
            />
          </RowActions>
        ),
    },
  ];
}

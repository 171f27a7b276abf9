import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SurveySummary } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconEdit, IconPlus, IconTrash } from '../../components/icons';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import { ClearFiltersButton, FilterBar, ListError, ListHeader, SkeletonRows } from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import { formatDateTime, textIn } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { deleteSurvey, surveyListQuery } from './api';

// The surveys of the caller's accounts (issue 12.4): searchable, paged; write, edit, delete; the responses
// of a survey's site.

export function SurveyListPage() {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const base = useBase();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const { page, pageSize, search, searchInput, setSearchInput, set } = useListParams();
  const list = useQuery(surveyListQuery({ page, pageSize, search }));
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
  return (
    <Stack gap="md">
      <ListHeader title={t('admin.survey_title')} subtitle={list.data && t('admin.survey_count', { count: list.data.total })}>
        {canEdit && (
          <Button component={Link} to={`${base}/surveys/create`} leftSection={<IconPlus size={16} />}>
            {t('admin.survey_create')}
          </Button>
        )}
      </ListHeader>
      <Card withBorder padding={0} radius="md">
        <FilterBar>
          <ListSearch label={t('admin.survey_search')} value={searchInput} onChange={setSearchInput} />
        </FilterBar>
        {list.isError ? (
          <ListError query={list} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} data-testid="survey-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.survey_col_title')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_site')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_questions')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_responses')}</Table.Th>
                  <Table.Th>{t('admin.survey_col_created')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('admin.survey_col_actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows rows={3} cols={6} />}
                {list.data?.items.map((x) => {
                  const title = textIn(x.title, lang) || `#${x.id}`;
                  return (
                    <Table.Tr key={x.id} data-testid="survey-row">
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {title}
                          </Text>
                          {x.status === 'INACTIVE' && (
                            <Badge size="sm" color="gray.7" variant="outline" style={{ textTransform: 'none' }}>
                              {t('admin.survey_status_inactive')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{x.siteName ?? t('admin.survey_no_site')}</Table.Td>
                      <Table.Td>{x.questionCount}</Table.Td>
                      <Table.Td>
                        {x.siteId ? (
                          <Anchor component={Link} to={`${base}/site/${x.siteId}/survey-responses?survey=${x.id}`} size="sm">
                            {t('admin.survey_responses_n', { count: x.responseCount })}
                          </Anchor>
                        ) : (
                          x.responseCount
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(x.createdAt)}</Table.Td>
                      <Table.Td>
                        {canEdit && (
                          <Group gap={4} wrap="nowrap" justify="flex-end">
                            <Tooltip label={t('admin.survey_edit')}>
                              <ActionIcon
                                component={Link}
                                to={`${base}/surveys/edit/${x.id}`}
                                variant="subtle"
                                color="gray"
                                aria-label={t('admin.survey_edit_for', { title })}
                              >
                                <IconEdit size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('admin.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('admin.survey_delete_for', { title })}
                                onClick={() => confirmRemove(x)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.items.length === 0 && (
          <EmptyState
            title={search ? t('admin.survey_no_match') : t('admin.survey_empty')}
            body={search ? undefined : t('admin.survey_empty_body')}
            action={
              search ? (
                <ClearFiltersButton
                  onClick={() => {
                    setSearchInput('');
                    set({ q: null, page: null });
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

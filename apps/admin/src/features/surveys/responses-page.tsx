import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ListHeader } from '../../components/list-layout';
import { SurveyResponsesList } from '../../components/survey-responses';
import { useT } from '../../lib/i18n';
import { useBase } from '../../lib/session';

// /site/{id}/survey-responses: the survey responses of one site, reached from the survey list;
// the list itself is shared with the visitors screen's survey tab (components/survey-responses.tsx).

export function SurveyResponsesPage() {
  const t = useT();
  const base = useBase();
  const siteId = Number(useParams().id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${base}/site/${siteId}`} size="sm">
        ← {t('admin.delivery_back_to_site')}
      </Anchor>
      <ListHeader title={t('admin.survey_responses_title')} />
      <SurveyResponsesList siteId={siteId} listTestId="response-list" rowTestId="response-row" />
    </Stack>
  );
}

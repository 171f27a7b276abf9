import { Anchor, Stack, Title } from '@mantine/core';
import type { NewsView } from '@swipe/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase } from '../../lib/session';
import { newsQuery } from './api';
import { NoticeForm } from './notice-form';

// /latest-information/create and /latest-information/edit/{id}.

export function NewsCreatePage() {
  return <NewsFormScreen />;
}

export function NewsEditPage() {
  const id = Number(useParams().id);
  const q = useQuery(newsQuery(id));
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <PageLoader />;
  return <NewsFormScreen existing={q.data} />;
}

function NewsFormScreen({ existing }: { existing?: NewsView }) {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to={existing ? `${base}/latest-information/${existing.id}` : `${base}/latest-information`} size="sm">
        ← {existing ? existing.title : t('admin.notices_news_back')}
      </Anchor>
      <Title order={1} size="h3">
        {t(existing ? 'admin.notices_news_edit' : 'admin.notices_news_create')}
      </Title>
      <NoticeForm
        kind="news"
        existing={existing}
        onSaved={async (v) => {
          await qc.invalidateQueries({ queryKey: ['news'] });
          notifySuccess(t('admin.notices_saved'));
          navigate(`${base}/latest-information/${v.id}`);
        }}
      />
    </Stack>
  );
}

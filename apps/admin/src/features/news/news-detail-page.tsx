import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { deleteNews, newsQuery } from './api';
import { NoticeDetail } from './notice-detail';

// /latest-information/{id}: a news item; its writer may edit or delete it.

export function NewsDetailPage() {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const canEdit = useSession()?.user.authority === 'EDIT';
  const q = useQuery(newsQuery(id));
  const remove = useMutation({
    mutationFn: () => deleteNews(id),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['news'] });
      navigate(`${base}/latest-information`);
    },
  });
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <PageLoader />;
  const n = q.data;
  return (
    <NoticeDetail
      n={n}
      back={{ to: `${base}/latest-information${n.own ? '' : '?tab=received'}`, label: t('admin.notices_news_back') }}
      facts={[
        { label: t('admin.notices_field_distribution'), value: n.distributionSiteName ?? t('admin.notices_distribution_all') },
        { label: t('admin.notices_author'), value: n.authorName },
      ]}
      editHref={n.own && canEdit ? `${base}/latest-information/edit/${n.id}` : undefined}
      onDelete={n.own && canEdit ? () => remove.mutate() : undefined}
      deleting={remove.isPending}
    />
  );
}

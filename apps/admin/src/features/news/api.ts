import type {
  MediaView,
  MessageResponse,
  NewsBody,
  NewsList,
  NewsView,
  NoticeListQuery,
  Paged,
  SignedUpload,
  SiteSummary,
  SystemNotiBody,
  SystemNotiList,
  SystemNotiView,
  UnreadCount,
} from '@swipe/core';
import { checkUpload } from '@swipe/core/validation.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { t } from '../../lib/i18n';

// The calls of latest information (/news) and system notifications (/system_noti); server: modules/notices.
// Images go through media's signed upload of the writer's own (no site); the completed URL is stored.

export type NoticeListParams = Omit<NoticeListQuery, 'search'> & { search: string };

const listQuery = (p: NoticeListParams) => ({
  page: p.page,
  pageSize: p.pageSize,
  search: p.search || undefined,
  status: p.status,
  sort: p.sort,
  order: p.order,
});

export const ownNewsQuery = (p: NoticeListParams) =>
  queryOptions({
    queryKey: ['news', 'own', p],
    queryFn: ({ signal }) => api.get<NewsList>('news', { query: listQuery(p), signal }),
    placeholderData: keepPreviousData,
  });
export const newsFeedQuery = (p: { page: number; pageSize: number; search: string }) =>
  queryOptions({
    queryKey: ['news', 'feed', p],
    queryFn: ({ signal }) =>
      api.get<NewsList>('news/feed', { query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
export const newsQuery = (id: number) =>
  queryOptions({ queryKey: ['news', 'one', id], queryFn: ({ signal }) => api.get<NewsView>(`news/${id}`, { signal }) });
export const createNews = (body: NewsBody) => api.post<NewsView>('news', body);
export const updateNews = (id: number, body: NewsBody) => api.put<NewsView>(`news/${id}`, body);
export const deleteNews = (id: number) => api.del<MessageResponse>(`news/${id}`);

/** Sites a writer may address news to (its subtree's), by name. */
export const siteChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: ['news', 'sites', search],
    queryFn: ({ signal }) =>
      api.get<Paged<SiteSummary>>('sites', { query: { page: 1, pageSize: 20, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const systemListQuery = (p: NoticeListParams) =>
  queryOptions({
    queryKey: ['system-noti', 'list', p],
    queryFn: ({ signal }) => api.get<SystemNotiList>('system_noti', { query: listQuery(p), signal }),
    placeholderData: keepPreviousData,
  });
export const systemNotiQuery = (id: number) =>
  queryOptions({
    queryKey: ['system-noti', 'one', id],
    queryFn: ({ signal }) => api.get<SystemNotiView>(`system_noti/${id}`, { signal }),
  });
export const createSystemNoti = (body: SystemNotiBody) => api.post<SystemNotiView>('system_noti', body);
export const updateSystemNoti = (id: number, body: SystemNotiBody) => api.put<SystemNotiView>(`system_noti/${id}`, body);
export const deleteSystemNoti = (id: number) => api.del<MessageResponse>(`system_noti/${id}`);
export const markAsRead = (ids: number[]) => api.put<UnreadCount>('system_noti/mark_as_read', { notiIds: ids });

export const IMAGE_ACCEPT = 'image/png,image/jpeg,.jpg,.jpeg,.jfif,.png';

function imageType(file: File): string {
  const type = file.type.toLowerCase();
  if (type) return type;
  if (/\.(jpe?g|jfif)$/i.test(file.name)) return 'image/jpeg';
  if (/\.png$/i.test(file.name)) return 'image/png';
  return 'application/octet-stream';
}

/** The image's checks (type, size) as the server applies them: an i18n key, or null when fine. */
export const imageProblem = (file: File): string | null => checkUpload('image', imageType(file), file.size);

/** sign (the writer's own upload, no site) -> PUT the bytes -> complete: the served URL to store. */
export async function uploadNoticeImage(file: File): Promise<string> {
  const signed = await api.post<{ uploads: SignedUpload[] }>('sites/generate-upload-urls', {
    files: [{ fileName: file.name, contentType: imageType(file), sizeBytes: file.size, kind: 'image' }],
  });
  const slot = signed.uploads[0];
  if (!slot) throw new Error(t('admin.upload_put_failed'));
  const res = await fetch(slot.uploadUrl, { method: slot.method || 'PUT', headers: slot.headers, body: file }).catch(() => null);
  if (!res?.ok) throw new Error(t('admin.upload_put_failed'));
  return (await api.post<MediaView>('sites/complete-upload', { key: slot.key })).url;
}

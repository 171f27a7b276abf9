import type { DeliveryInput, DeliveryList, DeliveryListQuery, DeliveryView, MediaView, MessageResponse, SignedUpload } from '@swipe/core';
import { checkUpload } from '@swipe/core/validation.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { t } from '../../lib/i18n';

// The calls of notification delivery (server: modules/deliveries/routes.ts). Images go through the
// editor's signed upload flow for the site (features/editor/api uploadFiles).

export type DeliveryListParams = Omit<DeliveryListQuery, 'search'> & { search: string };

export const deliveryListQuery = (siteId: number, p: DeliveryListParams) =>
  queryOptions({
    queryKey: ['deliveries', siteId, 'list', p],
    queryFn: ({ signal }) =>
      api.get<DeliveryList>(`sites/${siteId}/notification-deliveries`, {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined, state: p.state, sort: p.sort, order: p.order },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The site's name and languages (the first row of its list answer carries them). */
export const deliverySiteQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['deliveries', siteId, 'site'],
    queryFn: ({ signal }) => api.get<DeliveryList>(`sites/${siteId}/notification-deliveries`, { query: { pageSize: 1 }, signal }),
    select: (r) => r.site,
  });

export const deliveryQuery = (id: number) =>
  queryOptions({
    queryKey: ['deliveries', 'one', id],
    queryFn: ({ signal }) => api.get<DeliveryView>(`notification-deliveries/${id}`, { signal }),
  });

export const createDelivery = (siteId: number, body: DeliveryInput) =>
  api.post<DeliveryView>(`sites/${siteId}/notification-deliveries`, body);
export const updateDelivery = (id: number, body: DeliveryInput) => api.put<DeliveryView>(`notification-deliveries/${id}`, body);
export const deleteDelivery = (id: number) => api.del<MessageResponse>(`notification-deliveries/${id}`);

export const IMAGE_ACCEPT = 'image/png,image/jpeg,.jpg,.jpeg,.jfif,.png,.heic,.heif';

function imageType(file: File): string {
  const type = file.type.toLowerCase();
  if (type) return type;
  if (/\.(jpe?g|jfif)$/i.test(file.name)) return 'image/jpeg';
  if (/\.png$/i.test(file.name)) return 'image/png';
  if (/\.hei[cf]$/i.test(file.name)) return 'image/heic';
  return 'application/octet-stream';
}

/** The image's checks (type, size) as the server applies them: an i18n key, or null when fine. */
export const imageProblem = (file: File): string | null => checkUpload('image', imageType(file), file.size);

/** sign (the site's creative upload) -> PUT the bytes -> complete: the media key to store. */
export async function uploadDeliveryImage(siteId: number, file: File): Promise<string> {
  const signed = await api.post<{ uploads: SignedUpload[] }>('sites/generate-upload-urls', {
    siteId,
    files: [{ fileName: file.name, contentType: imageType(file), sizeBytes: file.size, kind: 'image' }],
  });
  const slot = signed.uploads[0];
  if (!slot) throw new Error(t('admin.upload_put_failed'));
  const res = await fetch(slot.uploadUrl, { method: slot.method || 'PUT', headers: slot.headers, body: file }).catch(() => null);
  if (!res?.ok) throw new Error(t('admin.upload_put_failed'));
  return (await api.post<MediaView>('sites/complete-upload', { key: slot.key })).key;
}

import type {
  AccountView,
  InviteStaffBody,
  MediaView,
  MessageResponse,
  SignedUpload,
  StaffList,
  StaffListQuery,
  StaffView,
  UpdateStaffBody,
} from '@swipe/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { t } from '../../lib/i18n';

// The calls of admin staff, profile image and delete account (server: modules/accounts/staff.routes.ts;
// the profile image bytes go through media's signed upload with purpose 'profile').

export type StaffListParams = Omit<StaffListQuery, 'search'> & { search: string };

export const staffListQuery = (p: StaffListParams) =>
  queryOptions({
    queryKey: ['staff', 'list', p],
    queryFn: ({ signal }) =>
      api.get<StaffList>('sub-admin', {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined, sort: p.sort, order: p.order },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const inviteStaff = (body: InviteStaffBody) => api.post<StaffView>('sub-admin', body);
export const updateStaff = (id: number, body: UpdateStaffBody) => api.put<StaffView>(`sub-admin/${id}`, body);
export const removeStaff = (id: number) => api.del<MessageResponse>(`sub-admin/${id}`);
export const resendInvite = (id: number) => api.post<MessageResponse>(`sub-admin/${id}/resend`);

export const PROFILE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.jfif,.png';

/** The declared type: what the browser says, or the extension's (a .jfif is a JPEG); the server decides by content. */
export function profileContentType(file: File): string {
  const type = file.type.toLowerCase();
  if (type === 'image/jpeg' || type === 'image/png') return type;
  if (/\.(jpe?g|jfif)$/i.test(file.name)) return 'image/jpeg';
  if (/\.png$/i.test(file.name)) return 'image/png';
  return type || 'application/octet-stream';
}

export class UploadError extends Error {}

/** sign (purpose profile) -> PUT the bytes -> complete: the server checks the content and stores it on the account. */
export async function uploadProfileImage(file: File): Promise<MediaView> {
  const signed = await api.post<{ uploads: SignedUpload[] }>('sites/generate-upload-urls', {
    purpose: 'profile',
    files: [{ fileName: file.name, contentType: profileContentType(file), sizeBytes: file.size, kind: 'image' }],
  });
  const slot = signed.uploads[0];
  if (!slot) throw new UploadError(t('admin.upload_put_failed'));
  let res: Response;
  try {
    res = await fetch(slot.uploadUrl, { method: slot.method || 'PUT', headers: slot.headers, body: file });
  } catch {
    throw new UploadError(t('admin.upload_put_failed'));
  }
  if (!res.ok) throw new UploadError(t('admin.upload_put_failed'));
  return api.post<MediaView>('sites/complete-upload', { key: slot.key });
}

export const removeProfileImage = () => api.del<AccountView>('profile-image');
export const deleteOwnAccount = (password: string) => api.post<MessageResponse>('delete-account', { password });

import { ApiError } from '@swipe/api-client';
import type {
  BulkState,
  bulkStart,
  DomainState,
  MediaView,
  MessageResponse,
  SaveAction,
  SavedSite,
  ShareListView,
  ShareStatusView,
  SignedUpload,
  signedUploads,
} from '@swipe/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { checkUpload, IMAGE_EXTENSIONS, IMAGE_MIME, VIDEO_EXTENSIONS, VIDEO_MIME } from '@swipe/core/validation.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import type { Doc } from '../model/doc';

/** PUT /sites/{id} answers the saved document (the GET shape) with a translated message. */
export const saveSite = (id: number, action: SaveAction, document: Doc) => api.put<SavedSite>(`sites/${id}`, { action, document });

// Uploads (back-office.md 7): ask for signed URLs, PUT the bytes, then confirm each file.
type BulkStart = z.output<typeof bulkStart>;
type SignedUploads = z.output<typeof signedUploads>;

/** The file pickers' `accept`, from the one list of accepted formats (core validation.ts). */
export const UPLOAD_ACCEPT = {
  image: [...IMAGE_MIME, ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(','),
  video: [...VIDEO_MIME, ...VIDEO_EXTENSIONS.map((e) => `.${e}`)].join(','),
};

export function kindOf(file: File): 'image' | 'video' {
  return file.type.startsWith('video/') ? 'video' : 'image';
}

/** Type by extension when the browser gives none (JFIF, HEIC on some systems). The server checks the bytes. */
export function contentTypeOf(file: File): string {
  if (file.type) return file.type === 'image/pjpeg' ? 'image/jpeg' : file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (
    {
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      jfif: 'image/jpeg',
      png: 'image/png',
      heic: 'image/heic',
      heif: 'image/heif',
      webp: 'image/webp',
      gif: 'image/gif',
      mp4: 'video/mp4',
      mov: 'video/quicktime',
      mpeg: 'video/mpeg',
      mpg: 'video/mpeg',
      webm: 'video/webm',
    }[ext] ?? 'application/octet-stream'
  );
}

/** One translated sentence naming the file and what is wrong with it (never a field path). */
export function fileProblem(file: File | { name: string }, reason: string): string {
  return t('admin.upload_file_error', { file: file.name, reason });
}

/** The rule the server applies first, checked before sending a byte (same function from @swipe/core). */
export function precheck(file: File, only?: 'image' | 'video'): string | null {
  const ct = contentTypeOf(file);
  const kind = ct.startsWith('video/') ? 'video' : 'image';
  if (only && kind !== only)
    return fileProblem(file, t(only === 'image' ? 'validation.upload_format_image' : 'validation.upload_format_video'));
  const r = checkUpload(kind, ct, file.size);
  return r ? fileProblem(file, t(r, { max: mb(kind === 'video' ? LIMITS.videoBytes : LIMITS.uploadBytes) })) : null;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A server refusal of one file (its translated field message, never the field path) as an UploadError naming it. */
function refusal(file: File | undefined, e: unknown): unknown {
  if (!(e instanceof ApiError) || !file) return e;
  return new UploadError(fileProblem(file, e.fields[0]?.message ?? e.message));
}

export class UploadError extends Error {}

async function putBytes(slot: Pick<SignedUpload, 'uploadUrl' | 'method' | 'headers'>, file: File): Promise<void> {
  let res: Response;
  try {
    res = await fetch(slot.uploadUrl, { method: slot.method ?? 'PUT', headers: slot.headers ?? {}, body: file });
  } catch {
    throw new UploadError(fileProblem(file, t('admin.upload_put_failed')));
  }
  if (res.status === 413)
    throw new UploadError(
      fileProblem(file, t('validation.upload_size', { max: mb(kindOf(file) === 'video' ? LIMITS.videoBytes : LIMITS.uploadBytes) })),
    );
  if (!res.ok) throw new UploadError(fileProblem(file, t('admin.upload_put_failed')));
}

/** Uploads files one after another (creatives are placed in order). `logo` uses generate-logo-url. */
export async function uploadFiles(
  siteId: number,
  files: File[],
  opts: { logo?: boolean; onEach?: (i: number, u: MediaView) => void } = {},
): Promise<MediaView[]> {
  const path = opts.logo ? 'sites/generate-logo-url' : 'sites/generate-upload-urls';
  let res: SignedUploads;
  try {
    res = await api.post<SignedUploads>(path, {
      siteId,
      files: files.map((f) => ({ fileName: f.name, contentType: contentTypeOf(f), sizeBytes: f.size, kind: kindOf(f) })),
    });
  } catch (e) {
    // a refusal names the file by its index: `files.3` or `files.3.kind`
    const at = e instanceof ApiError ? /^files\.(\d+)/.exec(e.fields[0]?.path ?? '') : null;
    throw refusal(at ? files[Number(at[1])] : files.length === 1 ? files[0] : undefined, e);
  }
  const out: MediaView[] = [];
  for (let i = 0; i < files.length; i++) {
    const slot = res.uploads[i];
    const file = files[i];
    if (!slot || !file) throw new UploadError(t('admin.upload_put_failed'));
    await putBytes(slot, file);
    let done: MediaView;
    try {
      done = await api.post<MediaView>('sites/complete-upload', { key: slot.key });
    } catch (e) {
      throw refusal(file, e);
    }
    out.push(done);
    opts.onEach?.(i, done);
  }
  return out;
}

// Bulk ZIP upload.
export async function bulkUpload(
  siteId: number,
  zip: File,
  onProgress: (s: BulkState | null) => void,
  signal: AbortSignal,
): Promise<BulkState> {
  let start: BulkStart;
  try {
    start = await api.post<BulkStart>(`sites/${siteId}/bulk-upload/start`, { fileName: zip.name, sizeBytes: zip.size });
  } catch (e) {
    throw refusal(zip, e);
  }
  onProgress(null);
  await putBytes({ uploadUrl: start.uploadUrl, method: start.method, headers: start.headers }, zip);
  await api.post(`sites/${siteId}/bulk-upload/complete`, { uploadId: start.uploadId });
  for (;;) {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const s = await api.get<BulkState>(`sites/${siteId}/bulk-upload/${start.uploadId}`, { signal });
    onProgress(s);
    if (s.status === 'DONE') return s;
    if (s.status === 'FAILED') throw new UploadError(s.error || t('admin.bulk_failed'));
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// Custom domain wizard.
export const getDomain = (siteId: number) => api.get<DomainState>(`sites/${siteId}/domain`);
export const setDomain = (siteId: number, domain: string) => api.put<DomainState & MessageResponse>(`sites/${siteId}/domain`, { domain });
export const verifyDomain = (siteId: number) => api.post<DomainState>(`sites/${siteId}/domain/verify`);
export const removeDomain = (siteId: number) => api.del<DomainState>(`sites/${siteId}/domain`);

// Preview sharing (operator token; api.ts passes it explicitly on preview/site paths).
export const listShares = (siteId: number) => api.get<ShareListView>(`preview/site/${siteId}/share`);
export const inviteShares = (siteId: number, emails: string[]) => api.post<MessageResponse>(`preview/site/${siteId}/share`, { emails });
export const revokeShares = (siteId: number, emails: string[]) =>
  api.put<MessageResponse>(`preview/site/${siteId}/share/revoke`, { emails, resendAll: false });
export const setSharePassword = (siteId: number, password: string, previewSecurity: boolean) =>
  api.post<MessageResponse>(`preview/site/${siteId}/share/set-password`, { password, previewSecurity });
export const shareStatus = (siteId: number) => api.get<ShareStatusView>(`preview/site/${siteId}/share/status`);

export function isNotBuilt(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404 && err.code === 'NOT_FOUND';
}

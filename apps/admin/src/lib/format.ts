import dayjs from 'dayjs';

export function formatDateTime(v: string | Date | null | undefined): string {
  return v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—';
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A text kept per language (survey titles, questions, options) in the interface language, else the first it has. */
export const textIn = (r: Record<string, string>, lang: string): string => r[lang] || Object.values(r).find(Boolean) || '';

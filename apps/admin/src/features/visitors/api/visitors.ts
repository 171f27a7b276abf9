import type { Paged, VisitorEntry } from '@swipe/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// A site's end-user members, contact-form and homepage-form submissions (back-office.md 1, 7).

export type VisitorKind = 'members' | 'contacts' | 'forms';
export const VISITOR_KINDS: readonly VisitorKind[] = ['members', 'contacts', 'forms'];
const PATHS: Record<VisitorKind, string> = { members: 'site-member', contacts: 'site-contact', forms: 'site-form' };

export interface VisitorListParams {
  page: number;
  pageSize: number;
  search: string;
}

export const visitorListQuery = (siteId: number, kind: VisitorKind, p: VisitorListParams) =>
  queryOptions({
    queryKey: ['sites', 'visitors', siteId, kind, p],
    queryFn: ({ signal }) =>
      api.get<Paged<VisitorEntry>>(`sites/${siteId}/${PATHS[kind]}`, {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    // the screen shows its own error state with a retry
    meta: { silent: true },
  });

/** CSV of the list as searched, fetched with the operator's token (the server adds the byte-order mark). */
export function exportVisitorsCsv(siteId: number, kind: VisitorKind, search: string) {
  return api.get<string>(`sites/${siteId}/${PATHS[kind]}/export-csv`, { query: { search: search || undefined }, raw: true });
}

const HIDDEN = new Set(['email', 'password', 'confirmPassword']);

/** The submission's fields as "key: value" pairs, in the order they were stored. */
export function dataSummary(data: Record<string, unknown> | null | undefined): { key: string; value: string }[] {
  if (!data) return [];
  const out: { key: string; value: string }[] = [];
  for (const [key, v] of Object.entries(data)) {
    if (HIDDEN.has(key) || v === null || v === undefined || v === '') continue;
    const value = Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (value) out.push({ key: label(key), value });
  }
  return out;
}

/** A field key as a label: `companyName` -> `Company name`; other keys (already words, or not Latin) as they are. */
function label(key: string): string {
  if (!/^[a-z][A-Za-z0-9]*$/.test(key)) return key;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

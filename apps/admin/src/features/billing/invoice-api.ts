import type { BillDetail, BillDocuments, ReissueBody, ReissueResult } from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api, refreshSession } from '../../lib/api';
import { getSession } from '../../lib/session';

// A bill's detail and its documents (server: modules/billing invoice.routes.ts): every invoice issued for it (void
// or in force) and any return invoice, each as its PDF; the seller's void and re-issue.

export const billQuery = (id: number) =>
  queryOptions({ queryKey: ['bill', id], queryFn: ({ signal }) => api.get<BillDetail>(`bill/${id}`, { signal }) });

export const billDocumentsQuery = (id: number) =>
  queryOptions({
    queryKey: ['bill', id, 'documents'],
    queryFn: ({ signal }) => api.get<BillDocuments>(`bill/${id}/documents`, { signal }),
  });

export const reissueBill = (id: number, body: ReissueBody) => api.post<ReissueResult>(`bill/${id}/reissue`, body);

/** One document's PDF as bytes (the typed client reads text; a PDF needs a blob), refreshing the session once on 401. */
export async function downloadDocument(billId: number, documentId: number): Promise<{ blob: Blob; fileName: string }> {
  const url = `/api/v1/bill/${billId}/documents/${documentId}/export-pdf`;
  const get = () => fetch(url, { headers: { authorization: `Bearer ${getSession()?.accessToken ?? ''}` }, credentials: 'same-origin' });
  let res = await get();
  if (res.status === 401 && (await refreshSession())) res = await get();
  if (!res.ok) {
    // the same error path as every other call (toast, 403/404 handling)
    await api.get(`bill/${billId}/documents`);
    throw new Error(`document ${res.status}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `invoice-${documentId}.pdf`;
  return { blob: await res.blob(), fileName: name };
}

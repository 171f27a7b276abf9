import type {
  BillListQuery,
  BillSummary,
  CardResponse,
  InvoiceIssuerView,
  MessageResponse,
  MyPlan,
  Paged,
  PayBillResponse,
  PaymentStatus,
  PlanUsage,
} from '@swipe/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, refreshSession } from '../../lib/api';
import { getSession } from '../../lib/session';

// The plan screen's and plan check's calls (server: modules/billing routes.ts and invoice.routes.ts).

export type BillSide = 'own' | 'issued';
export type BillParams = Pick<BillListQuery, 'page' | 'pageSize' | 'sort'> & { status?: PaymentStatus };

const path = (side: BillSide) => (side === 'own' ? 'bill' : 'bill/issued');

export const billsQuery = (side: BillSide, p: BillParams) =>
  queryOptions({
    queryKey: ['bills', side, p],
    queryFn: ({ signal }) => api.get<Paged<BillSummary>>(path(side), { query: { ...p }, signal }),
    placeholderData: keepPreviousData,
  });

/** Every bill as filtered and sorted, as CSV (the server writes it: BOM, formula-safe cells). */
export const exportBillsCsv = (p: Omit<BillParams, 'page' | 'pageSize'>) =>
  api.get<string>('bill/issued/export-csv', { query: { ...p }, raw: true });

export const myPlanQuery = () =>
  queryOptions({ queryKey: ['plan', 'mine'], queryFn: ({ signal }) => api.get<MyPlan>('plan/mine', { signal }) });
export const usageQuery = () =>
  queryOptions({ queryKey: ['plan', 'usage'], queryFn: ({ signal }) => api.get<PlanUsage>('plan/usage', { signal }) });
export const issuerQuery = () =>
  queryOptions({ queryKey: ['invoice-issuer'], queryFn: ({ signal }) => api.get<InvoiceIssuerView>('invoice-issuer', { signal }) });

export const saveIssuer = (registrationNumber: string | null) => api.put<InvoiceIssuerView>('invoice-issuer', { registrationNumber });
export const forceComplete = (id: number) => api.post<MessageResponse>(`payments/${id}/force-complete`);
export const cardQuery = () =>
  queryOptions({
    queryKey: ['bill', 'card'],
    queryFn: ({ signal }) => api.get<CardResponse>('bill/card', { signal }),
  });

export interface CardInput {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

/**
 * Pays a bill by card with the built-in test provider. With a new card, the number goes only to the provider's
 * tokenising endpoint, never to our bill calls: we register the token, then pay. The caller drops the number right
 * after this resolves or fails. (With Stripe the card goes to Stripe.js: pay-card-modal.tsx.)
 */
export async function payByCard(billId: number, card: CardInput | null): Promise<PayBillResponse> {
  if (card) {
    const tok = await api.post<{ token: string }>('bill/test-provider/tokens', {
      number: card.number.replace(/\s+/g, ''),
      expMonth: Number(card.expMonth),
      expYear: Number(card.expYear),
      cvc: card.cvc,
    });
    await api.post('bill/card', { token: tok.token });
  }
  return api.post<PayBillResponse>(`bill/${billId}/pay`, { idempotencyKey: `pay-${billId}-${crypto.randomUUID()}` });
}

/** The invoice PDF as bytes (the typed client reads text; a PDF needs a blob), refreshing the session once on 401. */
export async function downloadInvoice(id: number): Promise<{ blob: Blob; fileName: string }> {
  const get = () =>
    fetch(`/api/v1/bill/${id}/export-pdf`, {
      headers: { authorization: `Bearer ${getSession()?.accessToken ?? ''}` },
      credentials: 'same-origin',
    });
  let res = await get();
  if (res.status === 401 && (await refreshSession())) res = await get();
  if (!res.ok) {
    // the same error path as every other call (toast, 403/404 handling)
    await api.get(`bill/${id}`);
    throw new Error(`invoice ${res.status}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `invoice-${id}.pdf`;
  return { blob: await res.blob(), fileName: name };
}

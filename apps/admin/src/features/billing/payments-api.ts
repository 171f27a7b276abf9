import type { BillPayments, CardSetupResponse, PayBillResponse, RecordTransferBody } from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// What was paid against a bill and the calls that pay it (server: modules/billing payments.routes.ts, routes.ts).

export const billPaymentsQuery = (id: number) =>
  queryOptions({
    queryKey: ['bill', id, 'payments'],
    queryFn: ({ signal }) => api.get<BillPayments>(`bill/${id}/payments`, { signal }),
    // a card payment waiting for 3-D Secure is settled by the provider's webhook: asked again until it is
    refetchInterval: (q) => (q.state.data?.status === 'PROCESSING' ? 3000 : false),
  });

/** The seller records a bank transfer; the key is the form's, so a second submit of the same form records nothing. */
export const recordTransfer = (id: number, body: RecordTransferBody) => api.post<BillPayments>(`payments/${id}/transfers`, body);

/** A card set-up for Stripe.js (PAYMENT_PROVIDER=stripe): its client secret and the publishable key. */
export const startCardSetup = (key: string) =>
  api.post<CardSetupResponse>('bill/card/setup', undefined, { headers: { 'idempotency-key': key } });

export const registerCard = (token: string) => api.post('bill/card', { token });

/** Charges the bill's balance to the card on file: PAID, or PROCESSING with the client secret of a 3-D Secure step. */
export const payBill = (id: number, key: string) => api.post<PayBillResponse>(`bill/${id}/pay`, { idempotencyKey: key });

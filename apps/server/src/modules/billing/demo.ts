import { monthOfJst, previousMonth } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { chargeCardBills } from './charges.js';
import { paymentProvider, TestProvider } from './provider.js';
import { saveCard } from './repo.js';
import { billMonth } from './run.js';

// The demo's bills, so a newcomer opens a list, a bill, its payment and its PDF at once: last month billed as the
// monthly job bills it, the customer with a saved card charged as the job charges it (PAID, with its card receipt),
// the others' bills open awaiting their bank transfer.

/** The built-in test provider's card that succeeds: only its brand and last 4 are kept. */
const DEMO_CARD = '4242424242424242';

export async function seedDemoBills(ctx: AppContext, cardAccountIds: number[]): Promise<void> {
  const month = previousMonth(monthOfJst(ctx.clock.now()));
  if (ctx.config.billing.paymentProvider === 'test') {
    const provider = await paymentProvider(ctx.config.billing);
    for (const id of cardAccountIds) {
      const card = await provider.attachCard(id, null, TestProvider.tokenize(DEMO_CARD).token);
      if (card)
        await saveCard(ctx.db, id, {
          provider: provider.name,
          customer_id: card.customerId,
          card_ref: card.cardRef,
          brand: card.brand,
          last4: card.last4,
        });
    }
  }
  await billMonth(ctx, month);
  await chargeCardBills(ctx, month);
}

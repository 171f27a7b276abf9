import { describe, expect, it } from 'vitest';
import { type BillingConfig, paymentProviderName, stripeSettings } from '../../config.js';
import { AppError } from '../../errors.js';
import { paymentProvider } from './provider.js';

// The built-in test provider accepts a well-known card number: it must never take payments in production.

const billing = (paymentProvider: string): BillingConfig => ({
  paymentProvider,
  licenseFeeYen: 0,
  bankTransferDestination: '',
  issuerName: '',
  issuerRegistrationNumber: null,
  issuerAddress: '',
});

describe('payment provider choice', () => {
  it('is the test provider in development, tests and the embedded demo, and none (no card payments) in a real deployment', () => {
    expect(paymentProviderName(undefined, false)).toBe('test');
    expect(paymentProviderName('', false)).toBe('test');
    expect(paymentProviderName(undefined, true)).toBe('none');
    expect(paymentProviderName('stripe', true)).toBe('stripe');
  });

  it('refuses a provider it has no adapter for, and Stripe without its keys', () => {
    expect(() => paymentProviderName('acme', true)).toThrow(/not one of none, test, stripe/);
    expect(stripeSettings('test', {})).toBeNull();
    expect(() => stripeSettings('stripe', { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      stripeSettings('stripe', { STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
    expect(
      stripeSettings('stripe', {
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }),
    ).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', apiUrl: 'http://127.0.0.1:12111' });
  });

  it('refuses the test provider in a real deployment', () => {
    expect(() => paymentProviderName('test', true)).toThrow(/not allowed with NODE_ENV=production and DATABASE_URL/);
  });

  it('answers 409 CARD_PAYMENTS_UNAVAILABLE when card payments are off', async () => {
    const err = (() => {
      try {
        paymentProvider(billing('none'));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 409, code: 'CARD_PAYMENTS_UNAVAILABLE' });
    expect((await paymentProvider(billing('test'))).name).toBe('test');
  });
});

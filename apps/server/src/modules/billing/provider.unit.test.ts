import { describe, expect, it } from 'vitest';
import { type BillingConfig, paymentProviderName } from '../../config.js';
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
    expect(paymentProviderName('acme', true)).toBe('acme');
  });

  it('refuses the test provider in a real deployment', () => {
    expect(() => paymentProviderName('test', true)).toThrow(/not allowed with NODE_ENV=production and DATABASE_URL/);
  });

  it('answers 409 CARD_PAYMENTS_UNAVAILABLE when card payments are off', () => {
    const err = (() => {
      try {
        paymentProvider(billing('none'));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 409, code: 'CARD_PAYMENTS_UNAVAILABLE' });
    expect(paymentProvider(billing('test')).name).toBe('test');
  });
});

import { Input } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Lang } from '@swipe/i18n';
import { useEffect, useId, useRef, useState } from 'react';

// Stripe.js, only when the deployment takes cards through Stripe (PAYMENT_PROVIDER=stripe): this module is fetched
// by the pay dialog then, and Stripe.js itself (js.stripe.com, allowed in the CSP in that mode only) when a card is
// entered or a 3-D Secure step has to run. The card number goes to Stripe's own field, never to this page.

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per page. */
export function stripeJs(publishableKey: string): Promise<Stripe | null> {
  let p = loaded.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey);
    loaded.set(publishableKey, p);
  }
  return p;
}

const LOCALES: Record<Lang, 'ja' | 'en' | 'ko' | 'zh'> = { ja: 'ja', en: 'en', kr: 'ko', cn: 'zh' };

/** Stripe's card field; `onReady` receives Stripe and the field once mounted (or null when Stripe.js cannot load). */
export function StripeCardField({
  publishableKey,
  lang,
  label,
  unavailable,
  onReady,
}: {
  publishableKey: string;
  lang: Lang;
  label: string;
  unavailable: string;
  onReady: (r: { stripe: Stripe; card: StripeCardElement } | null) => void;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let card: StripeCardElement | null = null;
    let gone = false;
    stripeJs(publishableKey)
      .then((stripe) => {
        if (gone) return;
        if (!stripe || !mount.current) throw new Error('Stripe.js did not load');
        card = stripe.elements({ locale: LOCALES[lang] }).create('card', { hidePostalCode: true });
        card.mount(mount.current);
        card.on('change', (e) => setError(e.error?.message ?? null));
        onReady({ stripe, card });
      })
      .catch(() => {
        if (gone) return;
        setError(unavailable);
        onReady(null);
      });
    return () => {
      gone = true;
      card?.destroy();
    };
  }, [publishableKey, lang, unavailable, onReady]);
  return (
    <Input.Wrapper label={label} id={id} error={error}>
      <div ref={mount} id={id} style={{ padding: '10px 12px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }} />
    </Input.Wrapper>
  );
}

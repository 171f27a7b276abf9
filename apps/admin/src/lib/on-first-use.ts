import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A module fetched the first time someone reaches for what it draws (a select's options, a popover, a menu), not
 * with the screen: `useModule()` gives it once it has come (at once when an earlier use fetched it) and `want()`,
 * which starts fetching it. A fetch that fails is asked again at the next `want()`.
 */
export function onFirstUse<M>(load: () => Promise<M>): () => [M | null, () => void] {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const get = () => {
    pending ??= load().then(
      (m) => {
        loaded = m;
        return m;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  return function useModule() {
    const [module, setModule] = useState<M | null>(loaded);
    const [wanted, setWanted] = useState(false);
    useEffect(() => {
      if (module || !wanted) return;
      let live = true;
      get().then(
        (m) => live && setModule(m),
        () => live && setWanted(false),
      );
      return () => {
        live = false;
      };
    }, [module, wanted]);
    return [module, useCallback(() => setWanted(true), [])];
  };
}

/**
 * The button that opens what a first-use module draws (a menu, a popover) and sits inside it once it has come:
 * `press` fetches the module; `props` go on the button (its ref, which puts the focus on the button drawn anew if
 * it was on the first one and has not gone elsewhere, and until then the ARIA the drawn one will carry).
 */
export function useFirstUseTrigger<M>(useModule: () => [M | null, () => void], popup: 'menu' | 'dialog') {
  const [module, want] = useModule();
  const had = useRef(false);
  return {
    module,
    press: (e: { currentTarget: Element }) => {
      had.current = document.activeElement === e.currentTarget;
      want();
    },
    props: {
      ref: (el: HTMLElement | null) => {
        if (!el || !had.current || !module) return;
        had.current = false;
        if (document.activeElement === document.body || !document.activeElement?.isConnected) el.focus();
      },
      ...(module ? {} : { 'aria-haspopup': popup, 'aria-expanded': false }),
    },
  };
}

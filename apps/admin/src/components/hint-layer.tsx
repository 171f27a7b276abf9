import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './hint-layer.css';

// One tooltip for the icon buttons of list rows (`data-hint="Edit"` on the button: RowAction, CopyButton). A
// Mantine Tooltip around each of them cost every row five sets of floating-position hooks on each draw of a list
// (the site list's first draw at 4x CPU: 61 ms for one row); the layer listens once, at the document, and shows the
// hint of the button under the mouse or of the one the keyboard focused, above it (below when there is no room).

const GAP = 8;
const EDGE = 4;

function hintTarget(e: Event): HTMLElement | null {
  return e.target instanceof Element ? e.target.closest<HTMLElement>('[data-hint]') : null;
}

export function HintLayer() {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [text, setText] = useState('');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // a touch shows nothing (a tap acts at once), as Mantine's tooltips did
    const over = (e: PointerEvent) => e.pointerType !== 'touch' && setTarget(hintTarget(e));
    const out = (e: PointerEvent) => e.relatedTarget === null && setTarget(null);
    const focus = (e: FocusEvent) => {
      const el = hintTarget(e);
      setTarget(el?.matches(':focus-visible') ? el : null);
    };
    const hide = () => setTarget(null);
    const key = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    // one signal removes every listener
    const stop = new AbortController();
    const { signal } = stop;
    document.addEventListener('pointerover', over, { signal });
    document.addEventListener('pointerout', out, { signal });
    document.addEventListener('focusin', focus, { signal });
    document.addEventListener('focusout', hide, { signal });
    document.addEventListener('keydown', key, { signal });
    window.addEventListener('scroll', hide, { capture: true, signal });
    return () => stop.abort();
  }, []);

  // the hint follows its button: a new text ("Copied"), or gone with it (a row left the page)
  useEffect(() => {
    if (!target) return;
    setText(target.dataset.hint ?? '');
    const watch = new MutationObserver(() => {
      if (!target.isConnected || !target.dataset.hint) setTarget(null);
      else setText(target.dataset.hint);
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-hint'] });
    return () => watch.disconnect();
  }, [target]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !target) return;
    const r = target.getBoundingClientRect();
    const above = r.top - el.offsetHeight - GAP >= EDGE;
    const left = Math.max(EDGE, Math.min(r.left + r.width / 2 - el.offsetWidth / 2, window.innerWidth - el.offsetWidth - EDGE));
    el.style.transform = `translate(${Math.round(left)}px, ${Math.round(above ? r.top - el.offsetHeight - GAP : r.bottom + GAP)}px)`;
    el.style.setProperty('--hint-arrow', `${Math.round(r.left + r.width / 2 - left)}px`);
    el.dataset.side = above ? 'top' : 'bottom';
  }, [target, text]);

  if (!target || !text) return null;
  return createPortal(
    <div ref={box} role="tooltip" className="hint-layer">
      {text}
    </div>,
    document.body,
  );
}

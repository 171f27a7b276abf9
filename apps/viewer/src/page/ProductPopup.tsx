import type { ProductView } from '@swipe/core';
import { useEffect, useRef } from 'react';
import { color, DEFAULTS, formatPrice, src } from './util.js';

// A file of its own: the viewer fetches it when a product is first opened or the browser is idle, never in the
// first load (the hotspots that open it are in Products.tsx).

/**
 * The product popup: image, name, price, description (three lines), and the action button only
 * when both its text and url exist. Closes on a click outside.
 */
export function ProductPopup({
  product,
  mediaBase,
  lang,
  closeLabel,
  onClose,
  onAction,
}: {
  product: ProductView;
  mediaBase: string;
  lang: string;
  closeLabel: string;
  onClose: () => void;
  onAction?: (p: ProductView) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    // next tick: the click that opened the popup must not close it
    const id = setTimeout(() => {
      document.addEventListener('pointerdown', outside);
      document.addEventListener('keydown', esc);
    }, 0);
    return () => {
      clearTimeout(id);
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', esc);
    };
  }, [onClose]);
  const p = product;
  const action = p.linkButtonText.trim() && p.linkButtonUrl?.trim();
  return (
    <div
      ref={ref}
      className="sp-product"
      role="dialog"
      aria-modal="false"
      aria-label={p.productName}
      style={{ background: color(p.backgroundColor, '#fff'), color: color(p.textColor, '#111') }}
    >
      <button type="button" className="sp-close" aria-label={closeLabel} onClick={onClose} />
      {p.imagePath && <img className="sp-product-img" src={src(mediaBase, p.imagePath)} alt="" />}
      <div className="sp-product-body">
        <h2>{p.productName}</h2>
        {p.price !== null && <p className="sp-product-price">{formatPrice(p.price, lang)}</p>}
        {p.description && <p className="sp-product-desc">{p.description}</p>}
        {action && (
          <a
            className="sp-product-action"
            href={p.linkButtonUrl ?? undefined}
            target={p.isInternalLink ? undefined : '_blank'}
            rel="noopener noreferrer"
            style={{ background: color(p.linkButtonColor, DEFAULTS.productButton), color: color(p.linkTextColor, '#fff') }}
            onClick={() => onAction?.(p)}
          >
            {p.linkButtonText}
          </a>
        )}
      </div>
    </div>
  );
}

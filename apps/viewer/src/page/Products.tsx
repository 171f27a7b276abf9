import type { ProductView } from '@swipe/core';
import { clampPct } from './util.js';

/** Hotspots of the page's products at their percent coordinates (the popup they open: ProductPopup.tsx). */
export function ProductHotspots({
  products,
  onOpen,
  label,
}: {
  products: ProductView[];
  onOpen?: (p: ProductView) => void;
  label: (p: ProductView) => string;
}) {
  return (
    <>
      {products.map((p) => (
        <button
          key={p.id}
          type="button"
          className="sp-hotspot"
          data-product-id={p.id}
          style={{ left: `${clampPct(p.coordinateX, 65)}%`, top: `${clampPct(p.coordinateY, 60)}%` }}
          aria-label={label(p)}
          onClick={(e) => {
            e.stopPropagation();
            onOpen?.(p);
          }}
        >
          <span />
        </button>
      ))}
    </>
  );
}

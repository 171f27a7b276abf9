import { Box } from '@mantine/core';
import { parseCellRef } from '@swipe/core/cell.ts';
import type { Language } from '@swipe/core/constants.ts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useMediaSrc } from '../../../lib/app-config';
import { useT } from '../../../lib/i18n';
import { type Button, CANVAS, type Page, type Product } from '../model/doc';
import { pointerDrag } from '../model/drag';
import { CanvasOverlays } from './canvas-overlays';
import { PagePreview } from './page-preview';

export type Selection = { kind: 'button' | 'product'; index: number } | null;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
const round1 = (v: number) => Math.round(v * 10) / 10;
/** the viewer's hotspot is 36 px, centred on its coordinates */
const HOTSPOT = 36;

/** Size of a button on the canvas: the viewer lays buttons out in the 389 px design frame, as this canvas is. */
export function buttonBox(b: Button): { w: number; h: number } {
  return { w: b.buttonWidth, h: b.buttonHeight };
}

/** A moved button stays inside the page (position in percent of the page). */
export function moveButton(b: Button, xPct: number, yPct: number): Pick<Button, 'buttonPositionX' | 'buttonPositionY'> {
  const { w, h } = buttonBox(b);
  return {
    buttonPositionX: round1(clamp(xPct, 0, 100 - (w / CANVAS.width) * 100)),
    buttonPositionY: round1(clamp(yPct, 0, 100 - (h / CANVAS.height) * 100)),
  };
}

/** A resized button stays inside the page: width and height capped by the room left, ratio kept when locked. */
export function resizeButton(
  b: Button,
  wPx: number,
  hPx: number,
): Pick<Button, 'buttonWidth' | 'buttonHeight' | 'parentWidth' | 'parentHeight'> {
  const maxW = CANVAS.width * (1 - b.buttonPositionX / 100);
  const maxH = CANVAS.height * (1 - b.buttonPositionY / 100);
  let w = clamp(wPx, 16, maxW);
  let h = clamp(hPx, 16, maxH);
  if (b.lockAspectRatio) {
    const ratio = b.buttonHeight / b.buttonWidth || 1;
    h = w * ratio;
    if (h > maxH) {
      h = maxH;
      w = h / ratio;
    }
  }
  return { buttonWidth: Math.round(w), buttonHeight: Math.round(h), parentWidth: CANVAS.width, parentHeight: CANVAS.height };
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The phone-sized canvas: the page drawn by the viewer's components, and over it an editing layer
 * (select, drag, resize, arrow keys) whose boxes are measured from what the viewer drew.
 */
export function PhoneCanvas({
  page,
  lang,
  selection,
  onSelect,
  onButton,
  onProduct,
  label,
  cell,
}: {
  page: Page;
  lang: Language;
  selection: Selection;
  onSelect: (s: Selection) => void;
  onButton: (i: number, patch: Partial<Button>) => void;
  onProduct: (i: number, patch: Partial<Product>) => void;
  label: string;
  cell: string;
}) {
  const t = useT();
  const src = useMediaSrc();
  const ref = useRef<HTMLDivElement>(null);
  const [rects, setRects] = useState<Record<number, Rect>>({});
  const at = parseCellRef(cell);

  // Boxes of the drawn buttons (microcopy included), in canvas pixels.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const base = root.getBoundingClientRect();
    const scale = base.width / CANVAS.width || 1;
    const next: Record<number, Rect> = {};
    for (const el of root.querySelectorAll<HTMLElement>('.sp-button-wrap[data-button-id]')) {
      const id = Number(el.dataset.buttonId);
      const r = el.getBoundingClientRect();
      next[id - 1] = { x: (r.left - base.left) / scale, y: (r.top - base.top) / scale, w: r.width / scale, h: r.height / scale };
    }
    setRects((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  });

  const drag = (e: React.PointerEvent, onMove: (dx: number, dy: number) => void) => {
    const rect = ref.current?.getBoundingClientRect();
    const scale = rect ? rect.width / CANVAS.width : 1;
    pointerDrag(e, (dx, dy) => onMove(dx / scale, dy / scale));
  };

  const keyMove = (e: React.KeyboardEvent, x: number, y: number, apply: (x: number, y: number) => void) => {
    const step = e.shiftKey ? 5 : 0.5;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!d) return;
    e.preventDefault();
    apply(x + (d[0] ?? 0), y + (d[1] ?? 0));
  };

  return (
    <Box
      ref={ref}
      role="group"
      aria-label={label}
      onPointerDown={() => onSelect(null)}
      style={{
        position: 'relative',
        width: CANVAS.width,
        height: CANVAS.height,
        borderRadius: 18,
        overflow: 'hidden',
        boxShadow: '0 0 0 8px #1f1f1f, 0 8px 30px rgba(0,0,0,.25)',
        touchAction: 'none',
        userSelect: 'none',
        background: '#111',
      }}
      data-testid="phone-canvas"
    >
      {/* the page in its own stacking layer, so its buttons' z-index never rises over the overlays */}
      <div style={{ position: 'absolute', inset: 0, zIndex: 0 }}>
        <PagePreview page={page} lang={lang} media={src} cell={cell} />
      </div>
      {/* what covers the page for visitors (bars, popups), under the editing layer */}
      {at && <CanvasOverlays c={at.column - 1} r={at.row - 1} page={page} lang={lang} />}
      {/* editing layer */}
      <div style={{ position: 'absolute', inset: 0, zIndex: 3000 }}>
        {page.buttons.map((b, i) => {
          const r = rects[i] ?? {
            x: (b.buttonPositionX / 100) * CANVAS.width,
            y: (b.buttonPositionY / 100) * CANVAS.height,
            w: b.buttonWidth,
            h: b.buttonHeight,
          };
          const selected = selection?.kind === 'button' && selection.index === i;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a positioned, draggable layer over the viewer's button
            <div
              key={`b${i}`}
              role="button"
              tabIndex={0}
              aria-label={`${t('admin.button')} ${i + 1}: ${b.buttonText[lang] || t(`admin.kind_${b.buttonType.toLowerCase()}`)}`}
              aria-pressed={selected}
              data-testid="canvas-button"
              onPointerDown={(e) => {
                onSelect({ kind: 'button', index: i });
                const x0 = b.buttonPositionX;
                const y0 = b.buttonPositionY;
                drag(e, (dx, dy) => onButton(i, moveButton(b, x0 + (dx / CANVAS.width) * 100, y0 + (dy / CANVAS.height) * 100)));
              }}
              onKeyDown={(e) => keyMove(e, b.buttonPositionX, b.buttonPositionY, (x, y) => onButton(i, moveButton(b, x, y)))}
              onFocus={() => onSelect({ kind: 'button', index: i })}
              style={{
                position: 'absolute',
                left: r.x,
                top: r.y,
                width: r.w,
                height: r.h,
                cursor: 'move',
                outline: selected ? '2px solid #4263eb' : '1px dashed rgba(255,255,255,.6)',
                outlineOffset: 2,
                zIndex: selected ? 2 : 1,
              }}
            >
              {selected && (
                <div
                  role="presentation"
                  data-testid="resize-handle"
                  onPointerDown={(e) => {
                    const w0 = b.buttonWidth;
                    const h0 = b.buttonHeight;
                    drag(e, (dx, dy) => onButton(i, resizeButton(b, w0 + dx, h0 + dy)));
                  }}
                  style={{
                    position: 'absolute',
                    right: -8,
                    bottom: -8,
                    width: 14,
                    height: 14,
                    background: '#fff',
                    border: '2px solid #4263eb',
                    borderRadius: 3,
                    cursor: 'nwse-resize',
                  }}
                />
              )}
            </div>
          );
        })}
        {page.products.map((p, i) => {
          const selected = selection?.kind === 'product' && selection.index === i;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a positioned, draggable layer over the viewer's hotspot
            <div
              key={`p${i}`}
              role="button"
              tabIndex={0}
              aria-label={`${t('admin.product')} ${i + 1}: ${p.productName[lang] ?? ''}`}
              aria-pressed={selected}
              data-testid="canvas-product"
              onPointerDown={(e) => {
                onSelect({ kind: 'product', index: i });
                const x0 = p.coordinateX;
                const y0 = p.coordinateY;
                drag(e, (dx, dy) =>
                  onProduct(i, {
                    coordinateX: round1(clamp(x0 + (dx / CANVAS.width) * 100, 0, 100)),
                    coordinateY: round1(clamp(y0 + (dy / CANVAS.height) * 100, 0, 100)),
                  }),
                );
              }}
              onKeyDown={(e) =>
                keyMove(e, p.coordinateX, p.coordinateY, (x, y) =>
                  onProduct(i, { coordinateX: round1(clamp(x, 0, 100)), coordinateY: round1(clamp(y, 0, 100)) }),
                )
              }
              onFocus={() => onSelect({ kind: 'product', index: i })}
              style={{
                position: 'absolute',
                left: `${p.coordinateX}%`,
                top: `${p.coordinateY}%`,
                width: HOTSPOT,
                height: HOTSPOT,
                margin: `-${HOTSPOT / 2}px 0 0 -${HOTSPOT / 2}px`,
                borderRadius: '50%',
                cursor: 'move',
                outline: selected ? '2px solid #4263eb' : '1px dashed rgba(255,255,255,.6)',
                outlineOffset: 2,
                zIndex: 3,
              }}
            />
          );
        })}
      </div>
      {page.membersOnlyLock && (
        <div
          style={{
            position: 'absolute',
            top: 10,
            right: 10,
            background: 'rgba(0,0,0,.6)',
            color: '#fff',
            fontSize: 11,
            padding: '2px 8px',
            borderRadius: 10,
            zIndex: 3001,
          }}
        >
          {t('admin.members_only')}
        </div>
      )}
    </Box>
  );
}

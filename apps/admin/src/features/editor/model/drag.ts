// One pointer drag on the editor's canvases: the pointer is captured by the dragged element and every
// move reports how far it went from where it started, in screen pixels, until it is released.
export function pointerDrag(e: React.PointerEvent, onDelta: (dx: number, dy: number) => void): void {
  e.preventDefault();
  e.stopPropagation();
  const el = e.currentTarget as HTMLElement;
  el.setPointerCapture(e.pointerId);
  const x0 = e.clientX;
  const y0 = e.clientY;
  const move = (ev: PointerEvent) => onDelta(ev.clientX - x0, ev.clientY - y0);
  const up = () => {
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', up);
  };
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
}

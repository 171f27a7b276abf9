import { clampPct, color, DEFAULTS, formatPrice, scaled } from './util.js';

/** Main text at its position; shown only when non-blank (viewer.md 5). */
export function MainText({ text, textColor, x, y }: { text: string; textColor?: string | null; x?: number | null; y?: number | null }) {
  if (!text.trim()) return null;
  return (
    <p className="sp-main-text" style={{ left: `${clampPct(x, 8)}%`, top: `${clampPct(y, 12)}%`, color: color(textColor, '#fff') }}>
      {text}
    </p>
  );
}

/** Price (tax included); shown only when set. */
export function Price({
  price,
  textColor,
  lang,
  taxLabel,
}: {
  price: number | null;
  textColor?: string | null;
  lang: string;
  taxLabel?: string;
}) {
  if (price === null || price === undefined) return null;
  return (
    <p className="sp-price" style={{ color: color(textColor, '#fff') }}>
      {formatPrice(price, lang)}
      {taxLabel ? <small>{taxLabel}</small> : null}
    </p>
  );
}

/** The page's link button: acts only when both text and destination exist. */
export function LinkButton(props: {
  text: string;
  url: string | null;
  buttonColor?: string | null;
  textColor?: string | null;
  onClick?: () => void;
  href?: string;
}) {
  if (!props.text.trim() || !props.url?.trim()) return null;
  const style = { background: color(props.buttonColor, DEFAULTS.link), color: color(props.textColor, '#000'), fontSize: scaled(15) };
  return (
    <a
      className="sp-link-button"
      href={props.href ?? props.url}
      target={props.href ? undefined : '_blank'}
      rel="noopener noreferrer"
      style={style}
      onClick={(e) => {
        if (props.onClick) {
          e.preventDefault();
          props.onClick();
        }
      }}
    >
      {props.text}
    </a>
  );
}

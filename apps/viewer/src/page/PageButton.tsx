import type { ButtonView } from '@swipe/core';
import { type CSSProperties, useEffect, useState } from 'react';
import { whenIdle } from '../lib/yield.js';
import { color, DEFAULTS, radius, scaled, src } from './util.js';

interface Props {
  button: ButtonView;
  mediaBase: string;
  /** animations start once the page is in view */
  animate?: boolean;
  onClick?: (b: ButtonView) => void;
  /** accessible name of HTML buttons (their content is drawn inside an inert frame) */
  htmlLabel?: string;
  /** a page out of view: an HTML button's frame is made when the browser is idle (see HtmlFrame) */
  htmlLater?: boolean;
}

/** The srcdoc of an HTML button: the sanitized markup in an inert document (no scripts, no same origin). */
function htmlDoc(html: string): string {
  return `<!doctype html><meta charset="utf-8"><style>html,body{margin:0;height:100%;overflow:hidden;background:transparent;font:14px system-ui,sans-serif;color:#fff}body{display:flex;align-items:center;justify-content:center;text-align:center}body>div{max-width:100%;padding:0 6px}</style><div>${html}</div>`;
}

/**
 * The frame of an HTML button. A frame is a document of its own: making one and laying it out is the
 * costliest part of drawing a page, so a page out of view (a neighbour on the swipe stage) makes it when the
 * browser is idle, in a task of its own, instead of inside the render that adds the page; a page in view
 * makes it at once (and the server renders it with the page).
 */
function HtmlFrame({ html, title, later }: { html: string; title: string; later: boolean }) {
  const [made, setMade] = useState(!later);
  useEffect(() => {
    if (made) return;
    if (!later) {
      setMade(true);
      return;
    }
    let live = true;
    whenIdle(() => {
      if (live) setMade(true);
    }, HTML_FRAME_IDLE_MS);
    return () => {
      live = false;
    };
  }, [made, later]);
  if (!made) return <span className="sp-html" />;
  return (
    <iframe className="sp-html" title={title} sandbox="" srcDoc={htmlDoc(html)} tabIndex={-1} loading="lazy" referrerPolicy="no-referrer" />
  );
}
const HTML_FRAME_IDLE_MS = 3000;

/**
 * A call-to-action button of any kind (TEXT, MEDIA, HTML), shape and animation, at its percent
 * position. Text buttons without text and media buttons without an image render nothing.
 */
export function PageButton({ button: b, mediaBase, animate = false, onClick, htmlLabel, htmlLater = false }: Props) {
  const kind = b.buttonType;
  if (kind === 'TEXT' && !b.buttonText.trim()) return null;
  if (kind === 'MEDIA' && !b.buttonImageUrl) return null;
  if (kind === 'HTML' && !b.buttonContentHtml?.trim()) return null;
  const anim = b.buttonAnimation && b.buttonAnimation !== 'NONE' ? ` sp-anim-${b.buttonAnimation.toLowerCase().replace('_', '-')}` : '';
  const wrap: CSSProperties = {
    left: `${b.buttonPositionX}%`,
    top: `${b.buttonPositionY}%`,
    width: scaled(b.buttonWidth),
    zIndex: 10 + (b.zIndex ?? 1),
  };
  const box: CSSProperties = {
    height: scaled(b.buttonHeight),
    borderRadius: radius(b.buttonShape, b.buttonHeight),
  };
  const micro = b.microcopyText.trim() ? (
    <span className="sp-microcopy" style={{ color: color(b.microcopyTextColor, '#fff') }}>
      {b.microcopyText}
    </span>
  ) : null;
  const microTop = b.textAlign === 'TOP';
  let inner: React.ReactNode;
  if (kind === 'MEDIA') {
    inner = (
      <img
        src={src(mediaBase, b.isVideo ? b.thumbnailUrl || b.buttonImageUrl : b.buttonImageUrl)}
        alt={b.buttonText || ''}
        draggable={false}
        loading="lazy"
      />
    );
    box.background = 'transparent';
  } else if (kind === 'HTML') {
    inner = <HtmlFrame html={b.buttonContentHtml ?? ''} title={htmlLabel ?? 'HTML'} later={htmlLater} />;
    box.background = color(b.buttonColor, 'transparent');
  } else {
    inner = <span className="sp-btn-text">{b.buttonText}</span>;
    box.background = color(b.buttonColor, DEFAULTS.button);
    box.color = color(b.buttonTextColor, '#fff');
    box.fontSize = scaled(b.textSize || 14);
  }
  return (
    <div className={`sp-button-wrap${animate ? ' is-animated' : ''}`} style={wrap} data-button-id={b.id}>
      {microTop && micro}
      <button
        type="button"
        className={`sp-button sp-kind-${kind.toLowerCase()}${anim}`}
        style={box}
        aria-label={kind === 'HTML' ? htmlLabel : kind === 'MEDIA' ? b.buttonText || htmlLabel : undefined}
        onClick={(e) => {
          e.stopPropagation();
          onClick?.(b);
        }}
      >
        {inner}
      </button>
      {!microTop && micro}
    </div>
  );
}

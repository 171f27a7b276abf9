import { useEffect, useRef, useState } from 'react';
import { clampPct, color } from './util.js';

/** Background music toggle at its position (off until the visitor turns it on). */
export function SpeakerToggle({
  url,
  x,
  y,
  speakerColor,
  active,
  labels,
}: {
  url: string;
  x: number | null;
  y: number | null;
  speakerColor?: string | null;
  active: boolean;
  labels: { on: string; off: string };
}) {
  const [on, setOn] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    if (!active && audio.current) {
      audio.current.pause();
      setOn(false);
    }
  }, [active]);
  useEffect(() => () => audio.current?.pause(), []);
  return (
    <button
      type="button"
      className={`sp-speaker${on ? ' is-on' : ''}`}
      style={{ left: `${clampPct(x, 88)}%`, top: `${clampPct(y, 70)}%`, color: color(speakerColor, '#fff') }}
      aria-pressed={on}
      aria-label={on ? labels.off : labels.on}
      onClick={(e) => {
        e.stopPropagation();
        if (!audio.current) {
          audio.current = new Audio(url);
          audio.current.loop = true;
        }
        if (on) audio.current.pause();
        else audio.current.play().catch(() => {});
        setOn(!on);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor" />
        {on ? (
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        ) : (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
    </button>
  );
}

/** The padlock of members-only pages (a drawing, not a glyph: an emoji shows as an empty box without its font). */
export function LockIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path
        d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1zm2 0h6V7a3 3 0 0 0-6 0v3z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Members-only lock: the page's content is not shown; registration and login continue from here. */
export function LockOverlay({
  title,
  text,
  registerLabel,
  loginLabel,
  registerHref,
  loginHref,
  loading,
  loadingLabel,
}: {
  title: string;
  text: string;
  registerLabel: string;
  loginLabel: string;
  registerHref: string;
  loginHref: string;
  loading?: boolean;
  loadingLabel?: string;
}) {
  if (loading)
    return (
      <div className="sp-lock">
        <span className="sp-spinner" role="status" aria-label={loadingLabel} />
      </div>
    );
  return (
    <div className="sp-lock" data-locked="1">
      <div className="sp-lock-card">
        <LockIcon className="sp-lock-icon" />
        <p className="sp-lock-title">{title}</p>
        <p className="sp-lock-text">{text}</p>
        <a className="sp-lock-primary" href={registerHref}>
          {registerLabel}
        </a>
        <a className="sp-lock-secondary" href={loginHref}>
          {loginLabel}
        </a>
      </div>
    </div>
  );
}

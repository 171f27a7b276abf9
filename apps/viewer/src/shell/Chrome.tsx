import type { CompanyTab, ViewerSite } from '@swipe/core';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, type Language } from '@swipe/core/constants.ts';
import { memo, useEffect, useRef, useState } from 'react';
import type { Dir } from '../engine/gesture.js';
import { setCookie } from '../lib/cookies.js';
import { positionPath } from '../lib/paths.js';
import { color, src } from '../page/util.js';
import { Icon } from './icons.js';

type T = (key: string, params?: Record<string, string | number>) => string;

/** A top-bar menu's open state: a press anywhere outside it closes it. */
function useMenu() {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (menu.current && !menu.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  return { open, setOpen, menu };
}

export const TopBar = memo(function TopBar({
  site,
  t,
  home,
  position,
  rootPath,
  onAlbum,
  onSignOut,
  center,
}: {
  site: ViewerSite;
  t: T;
  home: string;
  position: string;
  rootPath: string;
  onAlbum: () => void;
  /** set while a member is signed in: the member menu offers sign-out */
  onSignOut?: (() => void) | null;
  /** the notification ticker */
  center?: React.ReactNode;
}) {
  const lang = useMenu();
  const member = useMenu();
  const logo = src(site.mediaBase, site.logoUrl);
  return (
    <header className="vw-top">
      <a className="vw-logo" href={site.logoLinkUrl || home} aria-label={t('viewer.logo', { name: site.name })}>
        {logo ? <img src={logo} alt="" width={34} height={34} loading="lazy" /> : <span>{site.name}</span>}
      </a>
      {center}
      <div className="vw-top-actions">
        {site.displayLanguageIcon && site.languages.length > 1 && (
          <div className="vw-lang" ref={lang.menu}>
            <button
              type="button"
              className="vw-round"
              aria-haspopup="true"
              aria-expanded={lang.open}
              // the name holds the code it shows (WCAG 2.5.3: "言語 JA" is what a voice user says)
              aria-label={`${t('viewer.language')} ${site.lang.toUpperCase()}`}
              onClick={() => lang.setOpen(!lang.open)}
            >
              <Icon name="globe" />
              <span className="vw-lang-code">{site.lang.toUpperCase()}</span>
            </button>
            {lang.open && (
              <ul className="vw-lang-menu">
                {site.languages.map((l: Language) => (
                  <li key={l}>
                    <a
                      href={positionPath(rootPath, l, site.defaultLanguage, position)}
                      hrefLang={l === 'kr' ? 'ko' : l === 'cn' ? 'zh' : l}
                      aria-current={l === site.lang ? 'true' : undefined}
                      data-lang={l}
                      // remembered for addresses without a language (the server reads it)
                      onClick={() => setCookie(LANGUAGE_COOKIE, l, LANGUAGE_COOKIE_MAX_AGE_S, rootPath)}
                    >
                      {t(`viewer.lang_${l}`)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {onSignOut && (
          <div className="vw-member" ref={member.menu}>
            <button
              type="button"
              className="vw-round"
              aria-haspopup="true"
              aria-expanded={member.open}
              aria-label={t('viewer.member_menu')}
              data-testid="member-menu"
              onClick={() => member.setOpen(!member.open)}
            >
              <Icon name="user" />
            </button>
            {member.open && (
              <div className="vw-member-menu">
                <p>{t('viewer.member_signed_in')}</p>
                <button
                  type="button"
                  data-testid="member-sign-out"
                  onClick={() => {
                    member.setOpen(false);
                    onSignOut();
                  }}
                >
                  {t('viewer.sign_out')}
                </button>
              </div>
            )}
          </div>
        )}
        {site.displayAlbum && (
          <button type="button" className="vw-round" aria-label={t('viewer.album')} onClick={onAlbum} data-testid="album-open">
            <Icon name="album" />
          </button>
        )}
      </div>
    </header>
  );
});

export const GlobalMenu = memo(function GlobalMenu({
  site,
  col,
  t,
  onPick,
}: {
  site: ViewerSite;
  col: number;
  t: T;
  onPick: (col: number) => void;
}) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = bar.current?.querySelector<HTMLElement>('[aria-current="true"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [col]);
  if (!site.displayGlobalMenu) return null;
  return (
    <nav ref={bar} className="vw-menu" aria-label={t('viewer.menu')} style={{ background: color(site.globalMenuBackgroundColor) }}>
      {site.categories.map((c, i) => (
        <button
          key={c.id || i}
          type="button"
          className="vw-tab"
          aria-current={i === col ? 'true' : undefined}
          style={{ color: color(site.globalMenuTextColor, '#fff') }}
          onClick={() => onPick(i)}
        >
          {c.name || String.fromCharCode(65 + i)}
        </button>
      ))}
    </nav>
  );
});

export function PageCounter({ current, total }: { current: number; total: number }) {
  return (
    <output className="vw-counter" aria-live="polite">
      {current} / {total}
    </output>
  );
}

/** Hover arrows (pointer devices): shown on movement, faded after the page's arrowFadeInterval. */
export function Arrows({
  allowed,
  arrowColor,
  fadeSeconds,
  t,
  onGo,
}: {
  allowed: Record<Dir, boolean>;
  arrowColor: 'white' | 'black';
  fadeSeconds: number;
  t: T;
  onGo: (d: Dir) => void;
}) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    // Only where there is a hovering pointer (not on touch screens, whatever events they synthesise).
    if (!matchMedia('(hover: hover) and (pointer: fine)').matches) return;
    const onMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      setShown(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setShown(false), Math.max(1, fadeSeconds) * 1000);
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => {
      window.removeEventListener('pointermove', onMove);
      clearTimeout(timer.current);
    };
  }, [fadeSeconds]);
  return (
    <div className={`vw-arrows${shown ? ' is-shown' : ''} is-${arrowColor}`}>
      {(['up', 'down', 'left', 'right'] as Dir[]).map((d) =>
        allowed[d] ? (
          <button
            key={d}
            type="button"
            className={`vw-arrow vw-arrow-${d}`}
            aria-label={t(`viewer.go_${d}`)}
            tabIndex={shown ? 0 : -1}
            onClick={(e) => {
              e.stopPropagation();
              onGo(d);
            }}
          >
            <Icon name="chevron" />
          </button>
        ) : null,
      )}
    </div>
  );
}

const COMPANY_TABS: CompanyTab[] = ['companyWebsite', 'companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'];
const TAB_KEY: Record<CompanyTab, string> = {
  companyWebsite: 'viewer.company_website',
  companyProfile: 'viewer.company_profile',
  companyClause: 'viewer.company_clause',
  termsOfService: 'viewer.terms_of_service',
  privacyPolicy: 'viewer.privacy_policy',
};

export const BottomBar = memo(function BottomBar({
  site,
  t,
  showSns,
  showCompany,
  onCompany,
}: {
  site: ViewerSite;
  t: T;
  showSns: boolean;
  showCompany: boolean;
  onCompany: () => void;
}) {
  const sns = showSns ? site.sns : [];
  const company = showCompany && COMPANY_TABS.some((k) => site.company[k]);
  if (sns.length === 0 && !company) return null;
  return (
    <footer className="vw-bottom">
      {sns.length > 0 && (
        <ul className="vw-sns" aria-label={t('viewer.sns')}>
          {sns.map((s, i) => (
            <li key={`${s.snsType}-${i}`}>
              <a
                href={s.snsType === 'phone_number' && !s.snsUrl.startsWith('tel:') ? `tel:${s.snsUrl}` : s.snsUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(`viewer.sns_${s.snsType}`)}
              >
                <Icon name={s.snsType} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {company && (
        <button type="button" className="vw-company-btn" onClick={onCompany}>
          <Icon name="building" />
          {t('viewer.company')}
        </button>
      )}
    </footer>
  );
});

export function Modal({
  label,
  onClose,
  children,
  className,
}: {
  label: string;
  onClose: () => void;
  children: React.ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('button, a')?.focus();
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('keydown', esc);
      prev?.focus?.();
    };
  }, [onClose]);
  return (
    <div
      className="vw-modal-backdrop"
      onPointerDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={box} className={`vw-modal ${className ?? ''}`} role="dialog" aria-modal="true" aria-label={label}>
        {children}
      </div>
    </div>
  );
}

export function CompanyModal({ site, t, onClose }: { site: ViewerSite; t: T; onClose: () => void }) {
  const tabs = COMPANY_TABS.filter((k) => site.company[k]);
  const [tab, setTab] = useState<CompanyTab>(tabs[0] ?? 'companyWebsite');
  const url = site.company[tab];
  return (
    <Modal label={t('viewer.company')} onClose={onClose} className="vw-company">
      <div className="vw-modal-head">
        <h2>{t('viewer.company')}</h2>
        <button type="button" className="sp-close" aria-label={t('viewer.close')} onClick={onClose} />
      </div>
      <div className="vw-tabs" role="tablist">
        {tabs.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={k === tab} onClick={() => setTab(k)}>
            {t(TAB_KEY[k])}
          </button>
        ))}
      </div>
      <div className="vw-tabpanel" role="tabpanel">
        <p className="vw-tab-url">{url}</p>
        {url && (
          <a className="vw-primary" href={url} target="_blank" rel="noopener noreferrer">
            {t('viewer.open_link')}
          </a>
        )}
      </div>
    </Modal>
  );
}

export function ErrorScreen({ kind, t, home }: { kind: '403' | '404' | '504' | '403-ip'; t: T; home: string }) {
  const key = kind === '403-ip' ? 'ip' : kind;
  return (
    <main className="vw-error" data-error={kind}>
      <p className="vw-error-code">{kind === '403-ip' ? '403' : kind}</p>
      <h1>{t(`viewer.error_${key}_title`)}</h1>
      <p>{t(`viewer.error_${key}_text`)}</p>
      <div className="vw-error-actions">
        {kind === '504' ? (
          <button type="button" className="vw-secondary" onClick={() => location.reload()}>
            {t('viewer.reload')}
          </button>
        ) : (
          <button type="button" className="vw-secondary" onClick={() => history.back()}>
            {t('viewer.back')}
          </button>
        )}
        <a className="vw-primary" href={home}>
          {t('viewer.home')}
        </a>
      </div>
    </main>
  );
}

export function Toast({ text }: { text: string | null }) {
  return (
    <div className="vw-toast-area" aria-live="assertive">
      {text ? (
        <div className="vw-toast" role="alert">
          {text}
        </div>
      ) : null}
    </div>
  );
}

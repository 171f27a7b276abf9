import { ApiError } from '@swipe/api-client';
import type { EnduserState, FormView } from '@swipe/core';
import type { Language } from '@swipe/core/constants.ts';
import { checkFormValues, checkLogin, type FormValues } from '@swipe/core/forms.ts';
import { type Dict, dictT } from '@swipe/i18n/t.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PREVIEW_TOKEN_KEY, TOKEN_KEY } from '../lib/storage-keys.js';
import { CheckIcon, join, Locked, LockIcon } from './common.js';
import { BoxField, FormFields } from './fields.js';
import { Confirm, Register, RegisterSuccess, ResendButton } from './membership.js';
import { Card, EnvContext, EuForm, HomeLink, issuesToErrors, newKey, storage, useApi, useEnv, useFormState, useSubmit } from './parts.js';
import { Survey } from './Survey.js';

// The visitor screens of viewer.md 2 (register, login, contact, forms, survey, their success pages)
// and the preview lock. Rendered on the server, hydrated here. Toasts: one at a time, 3 s (viewer.md 8).
// What the screens share (fields, the submit cycle, the error catalogue) lives in parts.tsx.

// ---------- shell ----------

export function App({ state, dict }: { state: EnduserState; dict: Dict }) {
  const t = useMemo(() => dictT(dict, state.lang), [dict, state.lang]);
  const [toastState, setToast] = useState<{ id: number; text: string; kind: 'error' | 'success' } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toast = useCallback((text: string, kind: 'error' | 'success' = 'error') => {
    clearTimeout(timer.current);
    setToast({ id: Date.now(), text, kind });
    timer.current = setTimeout(() => setToast(null), 3000);
  }, []);
  const env = useMemo(() => ({ state, t, toast }), [state, t, toast]);
  return (
    <EnvContext.Provider value={env}>
      <div className="eu-page">
        <Header />
        <main className="eu-main" id="main">
          <Screen />
        </main>
        <footer className="eu-foot">
          <span>{state.siteName}</span>
        </footer>
        <div className="eu-toast-region" aria-live="assertive" role="status">
          {toastState && (
            <div key={toastState.id} className={`eu-toast eu-toast-${toastState.kind}`}>
              <span>{toastState.text}</span>
              <button type="button" className="eu-toast-close" aria-label={t('common.close')} onClick={() => setToast(null)}>
                ×
              </button>
            </div>
          )}
        </div>
      </div>
    </EnvContext.Provider>
  );
}

function Header() {
  const { state, t } = useEnv();
  const langs = Object.entries(state.langLinks) as [Language, string][];
  const home = state.page === 'preview-lock' ? null : state.basePath || '/';
  // "back to the site": the page the visitor came from (the server checked it), else the site's start
  const back = home && (state.back ?? home);
  return (
    <header className="eu-header">
      <div className="eu-header-inner">
        {back ? (
          <a className="eu-back" href={back}>
            <span className="eu-sr">{t('enduser.back_to_site')}</span>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </a>
        ) : (
          <span className="eu-back-spacer" />
        )}
        {state.siteName ? (
          <a className="eu-brand" href={home ?? '#'}>
            {state.logoUrl ? (
              <img src={state.logoUrl} alt="" className="eu-logo" />
            ) : (
              <span className="eu-logo-badge">{state.siteName.slice(0, 1)}</span>
            )}
            <span className="eu-site-name">{state.siteName}</span>
          </a>
        ) : (
          <span className="eu-brand" />
        )}
        {langs.length > 1 ? (
          <label className="eu-lang">
            <span className="eu-sr">{t('enduser.language')}</span>
            <select
              value={state.lang}
              onChange={(e) => {
                const href = state.langLinks[e.target.value as Language];
                if (href) window.location.assign(href);
              }}
            >
              {langs.map(([l]) => (
                <option key={l} value={l}>
                  {t(`common.lang_${l}`)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="eu-back-spacer" />
        )}
      </div>
    </header>
  );
}

function Screen() {
  const { state } = useEnv();
  switch (state.page) {
    case 'register':
      return state.confirmToken ? <Confirm token={state.confirmToken} /> : <Register />;
    case 'register-success':
      return <RegisterSuccess />;
    case 'login':
      return <Login />;
    case 'contact':
      return <SiteForm kind="contact" />;
    case 'forms':
      return <SiteForm kind="form" />;
    case 'contact-success':
      return <Done kind="contact" />;
    case 'form-success':
      return <Done kind="form" />;
    case 'survey':
      return <Survey />;
    case 'preview-lock':
      return <PreviewLock />;
    default:
      return <NotFound />;
  }
}

// ---------- screens ----------

function SiteForm({ kind }: { kind: 'contact' | 'form' }) {
  const { state, t } = useEnv();
  const api = useApi();
  const form = state.form as FormView;
  const fs = useFormState(form);
  const { busy, ref, submit } = useSubmit(fs.setErrors);
  const [locked, setLocked] = useState(form.locked);
  const key = useRef(newKey());
  if (locked) return <Locked />;
  const path = `end-user/site/${state.siteId}/${kind === 'contact' ? 'contact' : 'homepage'}`;
  let data: FormValues = {};
  const onSubmit = submit({
    path,
    focusRefused: true,
    check: () => {
      const check = checkFormValues(form.fields, fs.values);
      data = check.values;
      return issuesToErrors([...check.issues, ...fs.agreementIssues()], t);
    },
    send: async () => {
      await api.post(path, { data, lang: state.lang, agreed: fs.agreed }, { headers: { 'idempotency-key': key.current } });
      window.location.assign(join(state.basePath, kind === 'contact' ? 'contact-success' : 'form-success'));
    },
    handled: (err) => {
      const gone = err instanceof ApiError && err.code === 'FORMS_LOCKED';
      if (gone) setLocked(true);
      return gone;
    },
  });
  return (
    <Card
      title={t(kind === 'contact' ? 'enduser.contact_title' : 'enduser.forms_title')}
      lead={t(kind === 'contact' ? 'enduser.contact_lead' : 'enduser.forms_lead')}
    >
      <EuForm formRef={ref} busy={busy} label={t('enduser.send')} onSubmit={onSubmit}>
        <FormFields form={form} fs={fs} />
      </EuForm>
    </Card>
  );
}

function safeNext(next: string | null | undefined): string | null {
  return next && /^[A-Za-z]{1,2}[0-9]{1,3}$/.test(next) ? next.toUpperCase() : null;
}

/** The e-mail + password pair of the login and preview-lock screens, sent for an access token kept under `tokenKey`. */
function useLogin(path: string, tokenKey: string, then: () => void, refused?: (err: unknown) => void) {
  const { t } = useEnv();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sub = useSubmit(setErrors);
  const onSubmit = sub.submit({
    path,
    check: () => issuesToErrors(checkLogin(email, password), t),
    send: async () => {
      const r = await api.post<{ accessToken: string }>(path, { email: email.trim(), password });
      storage('local')?.setItem(tokenKey, r.accessToken);
      then();
    },
    handled: (err) => {
      refused?.(err);
      return false;
    },
  });
  return { email, setEmail, password, setPassword, errors, busy: sub.busy, ref: sub.ref, onSubmit };
}

/** The e-mail and password boxes of a useLogin form; `member`: the member login (e-mail keyboard, password with its show switch). */
function Credentials({
  login,
  emailLabel,
  passwordLabel,
  member,
}: {
  login: ReturnType<typeof useLogin>;
  emailLabel: string;
  passwordLabel: string;
  member?: boolean;
}) {
  return (
    <>
      <BoxField
        label={emailLabel}
        error={login.errors.email}
        name="email"
        type="email"
        inputMode={member ? 'email' : undefined}
        autoComplete="email"
        value={login.email}
        onChange={(e) => login.setEmail(e.target.value)}
      />
      <BoxField
        label={passwordLabel}
        error={login.errors.password}
        toggle={member}
        name="password"
        type={member ? undefined : 'password'}
        autoComplete={member ? 'current-password' : 'off'}
        value={login.password}
        onChange={(e) => login.setPassword(e.target.value)}
      />
    </>
  );
}

function Login() {
  const { state, t } = useEnv();
  const [unconfirmed, setUnconfirmed] = useState(false);
  const login = useLogin(
    `end-user/site/${state.siteId}/login`,
    TOKEN_KEY(state.siteId),
    () => {
      const next = safeNext(state.next);
      window.location.assign(next ? join(state.basePath, next) : state.basePath || '/');
    },
    (err) => setUnconfirmed(err instanceof ApiError && err.code === 'MEMBER_NOT_CONFIRMED'),
  );
  const { setEmail } = login;
  useEffect(() => {
    const e = new URLSearchParams(window.location.search).get('email');
    if (e) setEmail(e);
  }, [setEmail]);
  return (
    <Card title={t('enduser.login_title')} lead={t('enduser.login_lead')}>
      <EuForm formRef={login.ref} busy={login.busy} label={t('enduser.login_submit')} onSubmit={login.onSubmit}>
        <Credentials login={login} emailLabel={t('enduser.field_email')} passwordLabel={t('enduser.field_password')} member />
      </EuForm>
      {unconfirmed && (
        <div className="eu-unconfirmed">
          <p className="eu-note">{t('enduser.not_confirmed')}</p>
          <ResendButton email={login.email.trim()} />
        </div>
      )}
      <p className="eu-alt">
        {t('enduser.no_account')} <a href={join(state.basePath, 'register')}>{t('enduser.register_link')}</a>
      </p>
    </Card>
  );
}

function Done({ kind }: { kind: 'contact' | 'form' }) {
  const { t } = useEnv();
  return (
    <Card
      icon={<CheckIcon />}
      title={t(kind === 'contact' ? 'enduser.contact_success_title' : 'enduser.form_success_title')}
      lead={t(kind === 'contact' ? 'enduser.contact_success_body' : 'enduser.form_success_body')}
    >
      {kind === 'form' && <p className="eu-note eu-note-strong">{t('enduser.form_success_reply')}</p>}
      <HomeLink>{t('enduser.back_to_site')}</HomeLink>
    </Card>
  );
}

function PreviewLock() {
  const { state, t } = useEnv();
  const login = useLogin(`preview/site/${state.siteId}/login`, PREVIEW_TOKEN_KEY(state.siteId), () => window.location.reload());
  return (
    <Card icon={<LockIcon />} title={t('enduser.preview_title')} lead={t('enduser.preview_lead')}>
      <EuForm formRef={login.ref} busy={login.busy} label={t('enduser.preview_submit')} onSubmit={login.onSubmit}>
        <Credentials login={login} emailLabel={t('enduser.preview_email')} passwordLabel={t('enduser.preview_passcode')} />
      </EuForm>
    </Card>
  );
}

function NotFound() {
  const { t } = useEnv();
  return (
    <Card title={t('common.error_404_title')} lead={t('common.error_404_body')}>
      <HomeLink>{t('common.home')}</HomeLink>
    </Card>
  );
}

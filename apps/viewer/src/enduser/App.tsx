import { ApiError, ConnectionError } from '@swipe/api-client';
import type { EnduserState, FormView, SurveyScreen } from '@swipe/core';
import type { Language } from '@swipe/core/constants.ts';
import {
  checkEmail,
  checkFormValues,
  checkLogin,
  checkMemberPassword,
  type FormValues,
  MEMBERSHIP_SYSTEM_KEYS,
} from '@swipe/core/forms.ts';
import { type Dict, dictT } from '@swipe/i18n/t.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PENDING_EMAIL_KEY, PREVIEW_TOKEN_KEY, TOKEN_KEY } from '../lib/storage-keys.js';
import {
  BoxField,
  Card,
  ChoiceSet,
  EnvContext,
  EuForm,
  FormFields,
  HomeLink,
  issuesToErrors,
  newKey,
  storage,
  useApi,
  useEnv,
  useFailure,
  useFormState,
  useSubmit,
} from './parts.js';

// The visitor screens of viewer.md 2 (register, login, contact, forms, survey, their success pages)
// and the preview lock. Rendered on the server, hydrated here. Toasts: one at a time, 3 s (viewer.md 8).
// What the screens share (fields, the submit cycle, the error catalogue) lives in parts.tsx.

/** basePath + '/' + rest without doubling slashes ('/' + 'login' -> '/login'). */
export function join(base: string, rest: string): string {
  const b = base.replace(/\/+$/, '');
  return `${b}/${rest.replace(/^\/+/, '')}`;
}

// ---------- shell ----------

export function App({ state, dict }: { state: EnduserState; dict: Dict }) {
  const t = useMemo(() => dictT(dict), [dict]);
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
  const back = state.page === 'preview-lock' ? null : state.basePath || '/';
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
          <a className="eu-brand" href={back ?? '#'}>
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

const CheckIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const MailIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  </svg>
);
const LockIcon = () => (
  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M8 10.5V8a4 4 0 018 0v2.5" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

function Locked() {
  const { t } = useEnv();
  return <Card icon={<LockIcon />} title={t('enduser.locked_title')} lead={t('enduser.locked_body')} />;
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

function Register() {
  const { state, t } = useEnv();
  const api = useApi();
  const form = state.form as FormView;
  const fs = useFormState(form);
  const { busy, ref, submit } = useSubmit(fs.setErrors);
  const { values } = fs;
  const path = `end-user/site/${state.siteId}/register`;
  let data: FormValues = {};
  const onSubmit = submit({
    path,
    focusRefused: true,
    check: () => {
      const rest = checkFormValues(form.fields, values, { skip: MEMBERSHIP_SYSTEM_KEYS });
      const em = checkEmail(values.email);
      const issues = [
        ...(em ? [em] : []),
        ...checkMemberPassword(values.password ?? '', values.confirmPassword ?? '').issues,
        ...rest.issues,
        ...fs.agreementIssues(),
      ];
      data = { ...rest.values };
      for (const k of MEMBERSHIP_SYSTEM_KEYS) delete data[k];
      return issuesToErrors(issues, t);
    },
    send: async () => {
      const email = String(values.email).trim();
      await api.post(path, {
        email,
        password: values.password,
        confirmPassword: values.confirmPassword,
        data,
        lang: state.lang,
        agreed: fs.agreed,
      });
      storage('session')?.setItem(PENDING_EMAIL_KEY(state.siteId), email);
      window.location.assign(join(state.basePath, 'register-success'));
    },
  });
  return (
    <Card title={t('enduser.register_title')} lead={t('enduser.register_lead')}>
      <EuForm formRef={ref} busy={busy} label={t('enduser.register_submit')} onSubmit={onSubmit}>
        <FormFields form={form} fs={fs} />
      </EuForm>
      <p className="eu-alt">
        {t('enduser.have_account')} <a href={join(state.basePath, 'login')}>{t('enduser.login_link')}</a>
      </p>
    </Card>
  );
}

function ResendButton({ email }: { email: string }) {
  const { state, t, toast } = useEnv();
  const api = useApi();
  const fail = useFailure();
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);
  const path = `end-user/site/${state.siteId}/resend-register-email`;
  return (
    <button
      type="button"
      className="eu-btn eu-btn-primary"
      disabled={busy || wait > 0 || !email}
      onClick={async () => {
        setBusy(true);
        try {
          const r = await api.post<{ message: string }>(path, { email, lang: state.lang });
          toast(r.message, 'success');
          setWait(30);
        } catch (err) {
          fail(err, path);
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy && <span className="eu-spinner" aria-hidden="true" />}
      <span>{wait > 0 ? t('enduser.resend_wait', { s: wait }) : t('enduser.resend')}</span>
    </button>
  );
}

function RegisterSuccess() {
  const { state, t } = useEnv();
  const [email, setEmail] = useState('');
  useEffect(() => setEmail(storage('session')?.getItem(PENDING_EMAIL_KEY(state.siteId)) ?? ''), [state.siteId]);
  return (
    <Card
      icon={<MailIcon />}
      title={t('enduser.register_success_title')}
      lead={email ? t('enduser.register_success_body', { email }) : t('enduser.register_success_body_noemail')}
    >
      <p className="eu-note">{t('enduser.register_success_note')}</p>
      <div className="eu-actions">
        {email && <ResendButton email={email} />}
        <a className="eu-btn eu-btn-ghost" href={join(state.basePath, 'register')}>
          {t('enduser.register_retry')}
        </a>
      </div>
    </Card>
  );
}

function Confirm({ token }: { token: string }) {
  const { state, t } = useEnv();
  const api = useApi();
  const [status, setStatus] = useState<'busy' | 'ok' | 'bad' | 'offline'>('busy');
  const [email, setEmail] = useState('');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .post<{ email: string }>(`end-user/site/${state.siteId}/confirm`, { token })
      .then((r) => {
        setEmail(r.email);
        setStatus('ok');
        // the address bar no longer carries the token
        window.history.replaceState(null, '', join(state.basePath, 'register'));
      })
      .catch((err) => setStatus(err instanceof ConnectionError ? 'offline' : 'bad'));
  }, [api, state.siteId, state.basePath, token]);
  if (status === 'busy')
    return (
      <Card title={t('enduser.confirming')}>
        <div className="eu-center">
          <span className="eu-spinner eu-spinner-lg" aria-hidden="true" />
        </div>
      </Card>
    );
  if (status === 'ok')
    return (
      <Card icon={<CheckIcon />} title={t('enduser.confirmed_title')} lead={t('enduser.confirmed_body')}>
        <a className="eu-btn eu-btn-primary" href={`${join(state.basePath, 'login')}?email=${encodeURIComponent(email)}`}>
          {t('enduser.login_submit')}
        </a>
      </Card>
    );
  return (
    <Card title={t('enduser.confirm_failed_title')} lead={t(status === 'offline' ? 'common.connection_error' : 'enduser.confirm_invalid')}>
      <div className="eu-actions">
        {status === 'offline' ? (
          <button type="button" className="eu-btn eu-btn-primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </button>
        ) : (
          <a className="eu-btn eu-btn-primary" href={join(state.basePath, 'register')}>
            {t('enduser.register_retry')}
          </a>
        )}
      </div>
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

function Survey() {
  const { state, t } = useEnv();
  const api = useApi();
  const survey = state.survey as SurveyScreen | null | undefined;
  const [answers, setAnswers] = useState<Record<string, string | string[]>>({});
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, ref, fail, submit } = useSubmit(setErrors);
  const [done, setDone] = useState(false);
  const key = useRef(newKey());
  if (!survey) return <Card title={t('enduser.survey_title')} lead={t('enduser.survey_none')} />;
  if (done)
    return (
      <Card icon={<CheckIcon />} title={t('enduser.survey_done_title')} lead={t('enduser.survey_done_body')}>
        <HomeLink>{t('enduser.back_to_site')}</HomeLink>
      </Card>
    );
  const path = `end-user/survey/${survey.id}/response`;
  const onSubmit = submit({
    path,
    check: () => {
      const errs: Record<string, string> = {};
      for (const q of survey.questions) {
        const a = answers[String(q.id)];
        const empty = a === undefined || a === '' || (Array.isArray(a) && a.length === 0) || (typeof a === 'string' && a.trim() === '');
        if (q.required && empty) errs[`answers.${q.id}`] = t('enduser.survey_answer_required');
      }
      const em = checkEmail(email.trim());
      if (em) errs.email = t(em.key, em.params);
      if (Object.keys(errs).some((k) => k.startsWith('answers.')))
        fail(new ApiError(422, t('validation.survey_required_answers'), 'VALIDATION_FAILED', null), path);
      return errs;
    },
    send: async () => {
      const ctx = state.surveyContext;
      await api.post(
        path,
        {
          answers,
          email: email.trim(),
          pageId: ctx?.pageId ?? undefined,
          ctaId: ctx?.ctaId ?? undefined,
          clickSource: ctx?.clickSource ?? undefined,
          lang: state.lang,
        },
        { headers: { 'idempotency-key': key.current } },
      );
      setDone(true);
      window.scrollTo({ top: 0 });
    },
  });
  const setAnswer = (id: number, v: string | string[]) => {
    setAnswers((s) => ({ ...s, [String(id)]: v }));
    setErrors((e) => {
      const { [`answers.${id}`]: _x, answers: _y, ...rest } = e;
      return rest;
    });
  };
  return (
    <Card title={survey.title || t('enduser.survey_title')} lead={survey.description || undefined}>
      <EuForm formRef={ref} busy={busy} label={t('enduser.survey_submit')} onSubmit={onSubmit}>
        {survey.questions.map((q, i) => {
          const k = String(q.id);
          const err = errors[`answers.${k}`];
          const a = answers[k];
          return (
            <ChoiceSet
              key={q.id}
              className="eu-field eu-question"
              legend={
                <>
                  <span className="eu-qnum">{i + 1}</span>
                  {q.question}
                </>
              }
              required={q.required}
              error={err}
            >
              {q.type === 'TEXT' ? (
                <textarea
                  className="eu-input eu-textarea"
                  rows={3}
                  maxLength={1000}
                  name={`q${k}`}
                  aria-invalid={Boolean(err)}
                  aria-label={q.question}
                  value={typeof a === 'string' ? a : ''}
                  onChange={(e) => setAnswer(q.id, e.target.value)}
                />
              ) : (
                <div className="eu-options">
                  {q.options.map((o) => {
                    const on = q.type === 'SINGLE' ? a === o.value : Array.isArray(a) && a.includes(o.value);
                    return (
                      <label key={o.value} className={`eu-option${on ? ' eu-option-on' : ''}`}>
                        <input
                          type={q.type === 'SINGLE' ? 'radio' : 'checkbox'}
                          name={`q${k}`}
                          value={o.value}
                          checked={on}
                          aria-invalid={Boolean(err)}
                          onChange={(e) => {
                            if (q.type === 'SINGLE') setAnswer(q.id, o.value);
                            else {
                              const list = Array.isArray(a) ? a : [];
                              setAnswer(q.id, e.target.checked ? [...list, o.value] : list.filter((x) => x !== o.value));
                            }
                          }}
                        />
                        <span>{o.label}</span>
                      </label>
                    );
                  })}
                </div>
              )}
            </ChoiceSet>
          );
        })}
        <BoxField
          label={t('enduser.field_email')}
          mark
          error={errors.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors(({ email: _e, ...rest }) => rest);
          }}
        />
      </EuForm>
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

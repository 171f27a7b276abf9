import { ApiError, ConnectionError, createClient } from '@swipe/api-client';
import type { EnduserState, FormView } from '@swipe/core';
import { type FormValue, type FormValues, initialValues } from '@swipe/core/forms.ts';
import type { FieldIssue } from '@swipe/core/issues.ts';
import type { Params } from '@swipe/i18n/t.ts';
import { createContext, type FormEvent, type ReactNode, type RefObject, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { PREVIEW_TOKEN_KEY, TOKEN_KEY } from '../lib/storage-keys.js';

// What the visitor screens of App.tsx share: their environment, the API client, the error catalogue,
// the submit cycle and the markup every form repeats (fields, marks, messages). Each rule lives here once.

export type T = (key: string, params?: Params) => string;
export interface Env {
  state: EnduserState;
  t: T;
  toast: (text: string, kind?: 'error' | 'success') => void;
}
export const EnvContext = createContext<Env | null>(null);
export function useEnv(): Env {
  const e = useContext(EnvContext);
  if (!e) throw new Error('EnvContext missing');
  return e;
}

export function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function newKey(): string {
  const c = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

export function useApi() {
  const { state } = useEnv();
  return useMemo(
    () =>
      createClient({
        baseUrl: '',
        getLanguage: () => state.lang,
        getToken: (kind) =>
          kind === 'end-user'
            ? storage('local')?.getItem(TOKEN_KEY(state.siteId))
            : kind === 'preview'
              ? storage('local')?.getItem(PREVIEW_TOKEN_KEY(state.siteId))
              : null,
      }),
    [state.lang, state.siteId],
  );
}

/** The error catalogue of viewer.md 8, for the visitor screens. Returns field messages when the server gave some. */
export function useFailure() {
  const { state, t, toast } = useEnv();
  return useCallback(
    (err: unknown, path: string): Record<string, string> => {
      if (err instanceof ConnectionError) {
        toast(t('common.connection_error'));
        return {};
      }
      if (err instanceof ApiError) {
        if (err.status === 401 && path.includes('end-user')) storage('local')?.removeItem(TOKEN_KEY(state.siteId));
        if (err.status === 401 && path.includes('preview/site')) storage('local')?.removeItem(PREVIEW_TOKEN_KEY(state.siteId));
        if (err.fields.length > 0) {
          const out: Record<string, string> = {};
          for (const f of err.fields) {
            const key = f.path.replace(/^data\./, '');
            if (!(key in out)) out[key] = f.message;
          }
          toast(err.fields[0]?.message ?? err.message);
          return out;
        }
        toast(err.message || t('common.error_status', { status: err.status, text: '' }));
        return {};
      }
      toast(t('common.request_error'));
      return {};
    },
    [state.siteId, t, toast],
  );
}

export function issuesToErrors(issues: FieldIssue[], t: T): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.replace(/^data\./, '');
    if (!(key in out)) out[key] = t(i.key, i.params);
  }
  return out;
}

/**
 * Brings the first refused field into view below the sticky header (its frame has scroll-margin-top in
 * enduser.css, so the label and the message show too) and focuses its control without a second scroll.
 */
function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const frame = form?.querySelector<HTMLElement>('.eu-invalid');
    if (!frame) return;
    const control = frame.querySelector<HTMLElement>('[aria-invalid="true"], input, select, textarea') ?? frame;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    frame.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    control.focus({ preventScroll: true });
  });
}

// ---------- the submit cycle ----------

export interface Sending {
  /** the API path (also tells useFailure which token a 401 drops) */
  path: string;
  /** the field messages that stop the send before it starts; empty: send */
  check: () => Record<string, string>;
  /** the call and what follows it; the button stays busy afterwards (the screen moves on) */
  send: () => Promise<void>;
  /** a failure the screen handles itself: true when it did (no field messages then) */
  handled?: (err: unknown) => boolean;
  /** after a refusal by the server, move the focus to the first refused field as after the local check */
  focusRefused?: boolean;
}

/**
 * One form submission: no double send, the local check first (messages + focus on the first refused
 * field), then the call; a failure goes through the error catalogue and frees the button again.
 */
export function useSubmit(setErrors: (errors: Record<string, string>) => void) {
  const fail = useFailure();
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const submit = (s: Sending) => async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const errors = s.check();
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      focusFirstError(ref.current);
      return;
    }
    setBusy(true);
    try {
      await s.send();
    } catch (err) {
      if (!s.handled?.(err)) {
        setErrors(fail(err, s.path));
        if (s.focusRefused) focusFirstError(ref.current);
      }
      setBusy(false);
    }
  };
  return { busy, ref, fail, submit };
}

/** Form state shared by the register, contact and homepage screens, with the agreement box. */
export function useFormState(form: FormView) {
  const [values, setValues] = useState<FormValues>(() => initialValues(form.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [agreed, setAgreed] = useState(false);
  const set = useCallback((key: string, v: FormValue) => {
    setValues((s) => ({ ...s, [key]: v }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  }, []);
  /** A required agreement must be ticked. */
  const agreementIssues = (): FieldIssue[] =>
    form.agreementRequired && !agreed ? [{ path: 'agreed', key: 'enduser.agree_required', params: {} }] : [];
  return { values, errors, setErrors, set, agreed, setAgreed, agreementIssues };
}
export type FormState = ReturnType<typeof useFormState>;

// ---------- markup ----------

export function Card({ title, lead, children, icon }: { title: string; lead?: ReactNode; children?: ReactNode; icon?: ReactNode }) {
  return (
    <section className="eu-card">
      {icon && <div className="eu-icon">{icon}</div>}
      <h1 className="eu-title">{title}</h1>
      {lead && <p className="eu-lead">{lead}</p>}
      {children}
    </section>
  );
}

/** The primary link back to the site: the page the visitor came from, else its first page. */
export function HomeLink({ children }: { children: ReactNode }) {
  const { state } = useEnv();
  return (
    <a className="eu-btn eu-btn-primary" href={state.back ?? (state.basePath || '/')}>
      {children}
    </a>
  );
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="eu-btn eu-btn-primary" disabled={busy} aria-busy={busy}>
      {busy && <span className="eu-spinner" aria-hidden="true" />}
      <span>{children}</span>
    </button>
  );
}

/** A visitor form (checked here, not by the browser) ending in its submit button. */
export function EuForm({
  formRef,
  busy,
  label,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  busy: boolean;
  label: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} className="eu-form" noValidate onSubmit={onSubmit}>
      {children}
      <Submit busy={busy}>{label}</Submit>
    </form>
  );
}

/** The required / optional mark after a label. */
export function Mark({ required }: { required: boolean }) {
  const { t } = useEnv();
  return required ? (
    <span className="eu-req">{t('enduser.required_mark')}</span>
  ) : (
    <span className="eu-opt">{t('enduser.optional_mark')}</span>
  );
}

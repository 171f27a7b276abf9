import { ApiError, ConnectionError, createClient } from '@swipe/api-client';
import type { CompanyLink, EnduserState, FormView } from '@swipe/core';
import {
  type FormFieldSetting,
  type FormValue,
  type FormValues,
  initialValues,
  isEmailField,
  isPasswordField,
  textMax,
} from '@swipe/core/forms.ts';
import type { FieldIssue } from '@swipe/core/issues.ts';
import type { Params } from '@swipe/i18n/t.ts';
import {
  createContext,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
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

function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const el = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
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

/** The primary link back to the site's first page. */
export function HomeLink({ children }: { children: ReactNode }) {
  const { state } = useEnv();
  return (
    <a className="eu-btn eu-btn-primary" href={state.basePath || '/'}>
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

/** A field's message, when it has one. */
function FieldError({ error, id }: { error?: string; id?: string }) {
  return error ? (
    <p className="eu-error" id={id}>
      {error}
    </p>
  ) : null;
}

/** A labelled control: label (with its mark when `required` is given), the control, an optional hint, the message. */
function FieldFrame({
  id,
  label,
  required,
  error,
  errorId,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`eu-field${error ? ' eu-invalid' : ''}`}>
      <label className="eu-label" htmlFor={id}>
        {label}
        {required !== undefined && <Mark required={required} />}
      </label>
      {children}
      {hint}
      <FieldError error={error} id={errorId} />
    </div>
  );
}

/** A group of choices: legend (with its mark), the choices, the message. */
export function ChoiceSet({
  className = 'eu-field',
  legend,
  required,
  error,
  errorId,
  children,
}: {
  className?: string;
  legend: ReactNode;
  required: boolean;
  error?: string;
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={`${className}${error ? ' eu-invalid' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend className="eu-label">
        {legend}
        <Mark required={required} />
      </legend>
      {children}
      <FieldError error={error} id={errorId} />
    </fieldset>
  );
}

/** A password box with its show / hide switch. */
function PasswordInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useEnv();
  const [show, setShow] = useState(false);
  return (
    <div className="eu-pw">
      <input {...props} className="eu-input" type={show ? 'text' : 'password'} />
      <button
        type="button"
        className="eu-pw-toggle"
        onClick={() => setShow((s) => !s)}
        aria-pressed={show}
        aria-label={t(show ? 'enduser.hide_password' : 'enduser.show_password')}
      >
        {t(show ? 'enduser.hide' : 'enduser.show')}
      </button>
    </div>
  );
}

/** A single labelled box of the login, preview-lock and survey screens; `toggle`: a password with its show switch. */
export function BoxField({
  label,
  mark,
  error,
  toggle,
  ...input
}: { label: string; mark?: boolean; error?: string; toggle?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  const id = useId();
  const props = { ...input, id, 'aria-invalid': Boolean(error) };
  return (
    <FieldFrame id={id} label={label} required={mark ? true : undefined} error={error}>
      {toggle ? <PasswordInput {...props} /> : <input {...props} className="eu-input" />}
    </FieldFrame>
  );
}

function fieldLabel(f: FormFieldSetting, t: T): string {
  return f.title || t(`enduser.field_${f.fieldKey}`);
}

/** One field of an operator-defined form (register, contact, homepage), drawn by its type. */
function Field({
  field,
  value,
  error,
  onChange,
}: {
  field: FormFieldSetting;
  value: FormValue;
  error?: string;
  onChange: (v: FormValue) => void;
}) {
  const { t } = useEnv();
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const label = fieldLabel(field, t);
  const required = Boolean(field.required);
  const describedBy =
    [error ? errId : '', isPasswordField(field) && field.fieldKey === 'password' ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.fieldKey,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy,
    'aria-required': required,
  };
  let control: ReactNode;
  if (field.typeForm === 'SELECT') {
    control = (
      <select {...common} className="eu-input" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.placeholder || t('enduser.choose')}</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (field.typeForm === 'SELECT_OPTIONS') {
    const list = Array.isArray(value) ? value : [];
    return (
      <ChoiceSet legend={label} required={required} error={error} errorId={errId}>
        <div className="eu-chips">
          {(field.options ?? []).map((o) => {
            const on = list.includes(o);
            return (
              <label key={o} className={`eu-chip${on ? ' eu-chip-on' : ''}`}>
                <input
                  type="checkbox"
                  name={field.fieldKey}
                  value={o}
                  checked={on}
                  onChange={(e) => onChange(e.target.checked ? [...list, o] : list.filter((x) => x !== o))}
                />
                <span>{o}</span>
              </label>
            );
          })}
        </div>
      </ChoiceSet>
    );
  } else if (field.typeForm === 'NUMBER') {
    control = (
      <input
        {...common}
        className="eu-input"
        type="number"
        inputMode="decimal"
        min={field.minValue ?? undefined}
        max={field.maxValue ?? undefined}
        placeholder={field.placeholder ?? ''}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
    );
  } else if (isPasswordField(field)) {
    control = (
      <PasswordInput
        {...common}
        autoComplete="new-password"
        maxLength={40}
        placeholder={field.placeholder ?? ''}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    const max = textMax(field);
    const long = !isEmailField(field) && max > 120;
    const str = typeof value === 'string' ? value : '';
    control = long ? (
      <>
        <textarea
          {...common}
          className="eu-input eu-textarea"
          rows={5}
          maxLength={max}
          placeholder={field.placeholder ?? ''}
          value={str}
          onChange={(e) => onChange(e.target.value)}
        />
        <span className="eu-count" aria-hidden="true">
          {[...str].length} / {max}
        </span>
      </>
    ) : (
      <input
        {...common}
        className="eu-input"
        type={isEmailField(field) ? 'email' : 'text'}
        inputMode={isEmailField(field) ? 'email' : undefined}
        autoComplete={isEmailField(field) ? 'email' : field.fieldKey === 'companyName' ? 'organization' : undefined}
        maxLength={max}
        placeholder={field.placeholder ?? ''}
        value={str}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      error={error}
      errorId={errId}
      hint={
        field.fieldKey === 'password' && (
          <p className="eu-hint" id={hintId}>
            {t('enduser.password_rules')}
          </p>
        )
      }
    >
      {control}
    </FieldFrame>
  );
}

function CompanyLinks({ links }: { links: CompanyLink[] }) {
  const { t } = useEnv();
  if (links.length === 0) return null;
  return (
    <ul className="eu-links">
      {links.map((l) => (
        <li key={l.kind}>
          <a href={l.url} target="_blank" rel="noopener noreferrer">
            {t(`enduser.company_${l.kind}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Agreement({ checked, onChange, error }: { checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  const { t } = useEnv();
  return (
    <div className={`eu-field${error ? ' eu-invalid' : ''}`}>
      <label className="eu-check">
        <input type="checkbox" name="agreed" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={Boolean(error)} />
        <span>{t('enduser.agree')}</span>
      </label>
      <FieldError error={error} />
    </div>
  );
}

/** The body of an operator-defined form: its fields, the company links, the agreement box when required. */
export function FormFields({ form, fs }: { form: FormView; fs: FormState }) {
  return (
    <>
      {form.fields.map((f) => (
        <Field
          key={f.fieldKey}
          field={f}
          value={fs.values[f.fieldKey] ?? null}
          error={fs.errors[f.fieldKey]}
          onChange={(v) => fs.set(f.fieldKey, v)}
        />
      ))}
      <CompanyLinks links={form.companyLinks} />
      {form.agreementRequired && <Agreement checked={fs.agreed} onChange={fs.setAgreed} error={fs.errors.agreed} />}
    </>
  );
}

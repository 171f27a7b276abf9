import type { CompanyLink, FormView } from '@swipe/core';
import { type FormFieldSetting, type FormValue, isEmailField, isPasswordField, textMax } from '@swipe/core/forms.ts';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

import { type FormState, Mark, type T, useEnv } from './parts.js';

// The fields of the visitor forms (viewer.md 5): each kind of control with its label, mark, hint and
// message, the company links and the agreement box. The rules they show live in core (forms.ts).

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
  } else if (field.typeForm === 'DATE') {
    control = (
      <input
        {...common}
        className="eu-input"
        type="date"
        min={field.minDate ?? undefined}
        max={field.maxDate ?? undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
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

import { ConnectionError } from '@swipe/api-client';
import type { FormView } from '@swipe/core';
import { checkEmail, checkFormValues, checkMemberPassword, type FormValues, MEMBERSHIP_SYSTEM_KEYS } from '@swipe/core/forms.ts';
import { useEffect, useRef, useState } from 'react';
import { PENDING_EMAIL_KEY } from '../lib/storage-keys.js';
import { CheckIcon, join, MailIcon } from './common.js';
import { FormFields } from './fields.js';
import { Card, EuForm, issuesToErrors, storage, useApi, useEnv, useFailure, useFormState, useSubmit } from './parts.js';

// The membership screens (viewer.md 4): register, its success page with a resend, and the confirmation link.

export function Register() {
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

export function ResendButton({ email }: { email: string }) {
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

export function RegisterSuccess() {
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

export function Confirm({ token }: { token: string }) {
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

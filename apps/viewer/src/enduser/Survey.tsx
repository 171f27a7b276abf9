import { ApiError } from '@swipe/api-client';
import type { SurveyScreen } from '@swipe/core';
import { checkEmail } from '@swipe/core/forms.ts';
import { useRef, useState } from 'react';
import { CheckIcon } from './common.js';
import { BoxField, ChoiceSet } from './fields.js';
import { Card, EuForm, HomeLink, newKey, useApi, useEnv, useSubmit } from './parts.js';

// The survey screen (viewer.md 3, 5): questions, answers, e-mail, and where the visitor came from.

export function Survey() {
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

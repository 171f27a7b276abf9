import { Anchor, Button, Card, Group, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import { type SurveyBody, type SurveyDetail, surveyBody } from '@swipe/core';
import { LANGUAGES, type Language } from '@swipe/core/constants.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { IconPlus } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase } from '../../lib/session';
import { type FieldErrors, validate } from '../../lib/validate';
import { createSurvey, mySitesQuery, surveyQuery, updateSurvey } from './api';

// The survey editor: title and description per language, questions of the kinds visitors can
// answer (one choice, several, free text), options with points, required; checked as you type with the
// server's rules. Scores are the sum of the chosen options' points.

import { type Form, newOption, type Question, QuestionCard } from './question-card';

let seq = 0;
const newKey = () => `k${++seq}`;
const newQuestion = (): Question => ({
  key: newKey(),
  question: {},
  type: 'SINGLE',
  required: true,
  options: [newOption(1), newOption(2)],
});
const fromDetail = (d: SurveyDetail): Form => ({
  title: d.title,
  description: d.description,
  status: d.status,
  siteId: d.siteId,
  questions: d.questions.map((x) => ({
    id: x.id,
    key: newKey(),
    question: x.question,
    type: x.type,
    required: x.required,
    options: x.options,
  })),
});

export function SurveyCreatePage() {
  return <SurveyForm />;
}

export function SurveyEditPage() {
  const q = useQuery(surveyQuery(Number(useParams().id)));
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <PageLoader />;
  return <SurveyForm existing={q.data} />;
}

function SurveyForm({ existing }: { existing?: SurveyDetail }) {
  const t = useT();
  const uiLang = useLang();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const sites = useQuery(mySitesQuery());
  const [f, setF] = useState<Form>(() =>
    existing ? fromDetail(existing) : { title: {}, description: {}, status: 'ACTIVE', siteId: null, questions: [newQuestion()] },
  );
  const [lang, setLang] = useState<Language>((LANGUAGES as readonly string[]).includes(uiLang) ? (uiLang as Language) : 'ja');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const body: SurveyBody = {
    title: f.title,
    description: f.description,
    status: f.status,
    siteId: f.siteId,
    questions: f.questions.map(({ key: _, ...x }) => (x.type === 'TEXT' ? { ...x, options: [] } : x)),
  };
  const checked = validate(surveyBody, body, uiLang);
  const errors: FieldErrors = { ...(checked.ok ? {} : checked.errors), ...serverErrors };
  const err = (path: string) => (submitted ? errors[path] : undefined);
  const change = (fn: (x: Form) => void) => {
    setF((x) => {
      const next = structuredClone(x);
      fn(next);
      return next;
    });
    setServerErrors({});
  };
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () => {
      if (!checked.ok) throw new Error('invalid');
      return existing ? updateSurvey(existing.id, checked.data) : createSurvey(checked.data);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['surveys'] });
      notifySuccess(t(existing ? 'admin.survey_saved' : 'admin.survey_created'));
      navigate(`${base}/surveys`);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length > 0) setServerErrors(Object.fromEntries(e.fields.map((x) => [x.path, x.message])));
    },
  });
  const formError = save.error instanceof ApiError && save.error.fields.length === 0 ? save.error.message : null;
  const count = Object.keys(errors).length;

  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to={`${base}/surveys`} size="sm">
        ← {t('admin.survey_title')}
      </Anchor>
      <Title order={1} size="h3">
        {t(existing ? 'admin.survey_edit_title' : 'admin.survey_create_title')}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (checked.ok) save.mutate();
        }}
      >
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" align="flex-end">
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="survey-lang-label">
                    {t('admin.survey_text_language')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="survey-lang-label"
                    data={LANGUAGES.map((l) => ({ value: l, label: t(`admin.delivery_lang_${l}`) }))}
                    value={lang}
                    onChange={(v) => setLang(v as Language)}
                  />
                </Stack>
                <Switch
                  label={t('admin.survey_active')}
                  checked={f.status === 'ACTIVE'}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    change((x) => {
                      x.status = on ? 'ACTIVE' : 'INACTIVE';
                    });
                  }}
                />
              </Group>
              <TextInput
                label={t('admin.survey_field_title')}
                value={f.title[lang] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  change((x) => {
                    x.title[lang] = v;
                  });
                }}
                error={err('title')}
                required
              />
              <Textarea
                label={t('admin.survey_field_description')}
                value={f.description[lang] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  change((x) => {
                    x.description[lang] = v;
                  });
                }}
                error={err('description')}
                autosize
                minRows={2}
              />
              <Select
                label={t('admin.survey_field_site')}
                description={t('admin.survey_field_site_help')}
                data={[
                  { value: '', label: t('admin.survey_no_site') },
                  ...(sites.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name })),
                  ...(f.siteId && !sites.data?.items.some((s) => s.id === f.siteId)
                    ? [{ value: String(f.siteId), label: `#${f.siteId}` }]
                    : []),
                ]}
                value={f.siteId ? String(f.siteId) : ''}
                onChange={(v) =>
                  change((x) => {
                    x.siteId = v ? Number(v) : null;
                  })
                }
                error={err('siteId')}
                allowDeselect={false}
              />
            </Stack>
          </Card>
          {f.questions.map((q, i) => (
            <QuestionCard key={q.key} q={q} i={i} n={f.questions.length} lang={lang} err={err} change={change} />
          ))}
          {err('questions') && (
            <Text c="red.8" size="sm">
              {err('questions')}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              change((x) => {
                x.questions.push(newQuestion());
              })
            }
            style={{ alignSelf: 'flex-start' }}
          >
            {t('admin.survey_add_question')}
          </Button>
          {submitted && count > 0 && (
            <Text c="red.8" size="sm" role="alert">
              {t('admin.survey_fix_errors', { count })}
            </Text>
          )}
          {formError && (
            <Text c="red.8" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button component={Link} to={`${base}/surveys`} variant="default">
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

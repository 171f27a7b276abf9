import { Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import { columnToLetters } from '@swipe/core/cell.ts';
import { LANGUAGES, type Language, LIMITS, MAX_COLUMNS } from '@swipe/core/constants.ts';
import { siteDocumentSchema } from '@swipe/core/site.ts';
import { globalMenu, siteDimensions } from '@swipe/core/validation.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { usePlanLimits } from '../../lib/app-config';
import { useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase } from '../../lib/session';
import { type FieldErrors, validate } from '../../lib/validate';
import { createSite } from './api/sites';

interface Form {
  name: string;
  columns: number | string;
  rows: number | string;
  defaultLanguage: Language;
  languages: Language[];
  menu: string[];
}

export function CreateSitePage() {
  const t = useT();
  const lang = useLang();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const plan = usePlanLimits();
  const limit = plan.data?.quantitySwipe ?? 2600;
  const multi = plan.data?.flags.multiLanguage ?? true;
  const [f, setF] = useState<Form>({ name: '', columns: 3, rows: 2, defaultLanguage: 'ja', languages: ['ja'], menu: ['', '', ''] });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const schema = useMemo(
    () =>
      z
        .object({ name: siteDocumentSchema.shape.name, globalMenu })
        .and(siteDimensions(limit))
        .and(z.object({ languages: z.array(z.enum(LANGUAGES)).min(1) })),
    [limit],
  );
  const columns = Number(f.columns) || 0;
  const rows = Number(f.rows) || 0;
  const value = {
    name: f.name,
    numberHorizontal: columns,
    numberVertical: rows,
    globalMenu: f.menu.slice(0, Math.max(columns, 0)),
    languages: f.languages,
  };
  const result = validate(schema, value, lang);
  const errors: FieldErrors = { ...(result.ok ? {} : result.errors), ...serverErrors };
  const show = (p: string) => (submitted ? errors[p] : undefined);

  const setColumns = (v: number | string) => {
    const n = Math.min(Math.max(Number(v) || 0, 0), MAX_COLUMNS);
    setF((s) => ({ ...s, columns: v, menu: Array.from({ length: n }, (_, i) => s.menu[i] ?? '') }));
  };

  const m = useMutation({
    mutationFn: createSite,
    onSuccess: (site) => {
      void qc.invalidateQueries({ queryKey: ['sites'] });
      notifySuccess(t('admin.site_created'));
      navigate(`${base}/site/${site.id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length) setServerErrors(Object.fromEntries(err.fields.map((x) => [x.path, x.message])));
    },
  });

  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={1} size="h3">
          {t('admin.create_site')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.create_site_intro')}
        </Text>
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          setServerErrors({});
          if (!result.ok) return;
          m.mutate({
            name: f.name.trim(),
            numberHorizontal: columns,
            numberVertical: rows,
            defaultLanguage: f.defaultLanguage,
            languages: f.languages,
            globalMenu: value.globalMenu.map((s) => s.trim()),
          });
        }}
      >
        <Card withBorder radius="md" padding="lg">
          <Stack gap="lg">
            <TextInput
              label={t('admin.site_name')}
              value={f.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                setF((s) => ({ ...s, name }));
              }}
              error={show('name')}
              maxLength={LIMITS.text}
              required
              autoFocus
            />
            <div>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('admin.columns')}
                  description={t('admin.columns_help')}
                  value={f.columns}
                  onChange={setColumns}
                  min={1}
                  max={MAX_COLUMNS}
                  allowDecimal={false}
                  error={show('numberHorizontal')}
                  required
                />
                <NumberInput
                  label={t('admin.rows')}
                  description={t('admin.rows_help')}
                  value={f.rows}
                  onChange={(v) => setF((s) => ({ ...s, rows: v }))}
                  min={1}
                  max={100}
                  allowDecimal={false}
                  error={show('numberVertical')}
                  required
                />
              </SimpleGrid>
              <Text size="sm" mt="xs" c={rows * columns > limit ? 'red.9' : 'dimmed'} data-testid="creative-limit">
                {t('admin.creative_limit', { count: rows * columns, max: limit })}
              </Text>
            </div>
            <div>
              <Text fw={500} size="sm">
                {t('admin.global_menu')}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {t('admin.global_menu_help')}
              </Text>
              {submitted && errors.globalMenu && (
                <Text size="xs" c="red.9" mb={6} role="alert">
                  {errors.globalMenu}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                {value.globalMenu.map((item, i) => (
                  <TextInput
                    key={i}
                    label={t('admin.menu_item_for', { column: columnToLetters(i + 1) })}
                    value={item}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setF((s) => ({ ...s, menu: s.menu.map((x, j) => (j === i ? v : x)) }));
                    }}
                    error={show(`globalMenu.${i}`)}
                    maxLength={LIMITS.text}
                    required
                  />
                ))}
              </SimpleGrid>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('admin.default_language')}
                data={f.languages.map((l) => ({ value: l, label: t(`admin.site_lang_${l}`) }))}
                value={f.defaultLanguage}
                onChange={(v) => v && setF((s) => ({ ...s, defaultLanguage: v as Language }))}
                allowDeselect={false}
              />
              <Checkbox.Group
                label={t('admin.languages')}
                description={multi ? undefined : t('admin.plan_single_language')}
                value={f.languages}
                onChange={(v) => {
                  const langs = LANGUAGES.filter((l) => v.includes(l));
                  if (langs.length === 0) return;
                  setF((s) => ({
                    ...s,
                    languages: langs,
                    defaultLanguage: langs.includes(s.defaultLanguage) ? s.defaultLanguage : (langs[0] as Language),
                  }));
                }}
                error={show('languages')}
              >
                <Group gap="md" mt={8}>
                  {LANGUAGES.map((l) => (
                    <Checkbox key={l} value={l} label={t(`admin.site_lang_${l}`)} disabled={!multi && l !== f.defaultLanguage} />
                  ))}
                </Group>
              </Checkbox.Group>
            </SimpleGrid>
            {submitted && !result.ok && (
              <Alert color="red" variant="light" role="alert">
                {t('admin.fix_errors')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={`${base}/site-list`}>
                {t('admin.cancel')}
              </Button>
              <Button type="submit" loading={m.isPending}>
                {t('admin.create')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </Stack>
  );
}

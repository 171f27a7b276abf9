import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { SURVEY_KINDS } from '@swipe/core';
import type { Language } from '@swipe/core/constants.ts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '../../components/icons';
import { useT } from '../../lib/i18n';

// One question of the survey editor: its text in the language being edited, its kind, required, and for
// the choice kinds its options with their points.

export type Texts = Partial<Record<Language, string>>;
export interface Option {
  value: string;
  label: Texts;
  points: number;
}
export interface Question {
  id?: number;
  key: string;
  question: Texts;
  type: (typeof SURVEY_KINDS)[number];
  required: boolean;
  options: Option[];
}
export interface Form {
  title: Texts;
  description: Texts;
  status: 'ACTIVE' | 'INACTIVE';
  siteId: number | null;
  questions: Question[];
}
export const newOption = (n: number): Option => ({ value: `o${Date.now().toString(36)}${n}`, label: {}, points: 0 });

export function QuestionCard({
  q,
  i,
  n,
  lang,
  err,
  change,
}: {
  q: Question;
  i: number;
  n: number;
  lang: Language;
  err: (path: string) => string | undefined;
  change: (fn: (x: Form) => void) => void;
}) {
  const t = useT();
  const at = (fn: (x: Question) => void) =>
    change((f) => {
      const x = f.questions[i];
      if (x) fn(x);
    });
  const move = (d: number) =>
    change((f) => {
      const [x] = f.questions.splice(i, 1);
      if (x) f.questions.splice(i + d, 0, x);
    });
  const p = `questions.${i}`;
  return (
    <Card withBorder radius="md" padding="md" data-testid="survey-question">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t('admin.survey_question_n', { n: i + 1 })}</Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={i === 0}
              onClick={() => move(-1)}
              aria-label={t('admin.survey_move_up', { n: i + 1 })}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={i === n - 1}
              onClick={() => move(1)}
              aria-label={t('admin.survey_move_down', { n: i + 1 })}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() =>
                change((f) => {
                  f.questions.splice(i, 1);
                })
              }
              aria-label={t('admin.survey_remove_question', { n: i + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          label={t('admin.survey_field_question')}
          value={q.question[lang] ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            at((x) => {
              x.question[lang] = v;
            });
          }}
          error={err(`${p}.question`)}
          required
        />
        <Group gap="md" wrap="wrap" align="flex-end">
          <Select
            label={t('admin.survey_field_kind')}
            data={SURVEY_KINDS.map((k) => ({ value: k, label: t(`admin.survey_kind_${k.toLowerCase()}`) }))}
            value={q.type}
            onChange={(v) =>
              v &&
              at((x) => {
                x.type = v as Question['type'];
              })
            }
            allowDeselect={false}
            w={200}
          />
          <Switch
            label={t('admin.survey_required')}
            checked={q.required}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              at((x) => {
                x.required = on;
              });
            }}
            mb={8}
          />
        </Group>
        {q.type !== 'TEXT' && (
          <Stack gap={6}>
            {q.options.map((o, j) => (
              <Group key={o.value} gap="xs" wrap="nowrap" align="flex-start" data-testid="survey-option">
                <TextInput
                  label={t('admin.survey_option_n', { n: j + 1 })}
                  value={o.label[lang] ?? ''}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    at((x) => {
                      const y = x.options[j];
                      if (y) y.label[lang] = v;
                    });
                  }}
                  error={err(`${p}.options.${j}.label`) ?? err(`${p}.options.${j}.value`)}
                  style={{ flex: 1 }}
                />
                <NumberInput
                  label={t('admin.survey_points')}
                  value={o.points}
                  onChange={(v) =>
                    at((x) => {
                      const y = x.options[j];
                      if (y) y.points = typeof v === 'number' ? v : Number(v) || 0;
                    })
                  }
                  allowDecimal={false}
                  min={-1000}
                  max={1000}
                  w={96}
                  error={err(`${p}.options.${j}.points`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  onClick={() =>
                    at((x) => {
                      x.options.splice(j, 1);
                    })
                  }
                  aria-label={t('admin.survey_remove_option', { n: j + 1 })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {err(`${p}.options`) && (
              <Text c="red.8" size="xs">
                {err(`${p}.options`)}
              </Text>
            )}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                at((x) => {
                  x.options.push(newOption(x.options.length + 1));
                })
              }
              style={{ alignSelf: 'flex-start' }}
            >
              {t('admin.survey_add_option')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

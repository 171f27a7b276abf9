import { List, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_SPECIALS } from '@swipe/core/validation.ts';
import { useT } from '../lib/i18n';

/** New password + confirmation, with the rules of back-office.md 5 shown up front. */
export function PasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  errors: Record<string, string>;
}) {
  const t = useT();
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('admin.new_password')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={errors.password}
        required
      />
      <PasswordInput
        label={t('admin.confirm_password')}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        error={errors.confirmPassword}
        required
      />
      <div>
        <Text size="xs" c="dimmed">
          {t('admin.password_rules_title')}
        </Text>
        <List size="xs" c="dimmed" spacing={0}>
          <List.Item>{t('admin.password_rule_length')}</List.Item>
          <List.Item>{t('admin.password_rule_classes')}</List.Item>
          <List.Item>{t('admin.password_rule_specials', { chars: PASSWORD_SPECIALS.split('').join(' ') })}</List.Item>
        </List>
      </div>
    </Stack>
  );
}

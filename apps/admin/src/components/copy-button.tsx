import { ActionIcon, CopyButton as MCopyButton } from '@mantine/core';
import { useT } from '../lib/i18n';
import { IconCheck, IconCopy } from './icons';

export function CopyButton({ value, label }: { value: string; label?: string }) {
  const t = useT();
  return (
    <MCopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        // the hint (components/hint-layer.tsx) says "Copied" for a moment after a click
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          onClick={copy}
          aria-label={label ?? t('admin.copy')}
          data-hint={copied ? t('admin.copied') : (label ?? t('admin.copy'))}
        >
          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </ActionIcon>
      )}
    </MCopyButton>
  );
}

import { ModalsProvider } from '@mantine/modals';
import { useT } from '../../lib/i18n';

/**
 * The host of the modals opened through `modals.openConfirmModal` and the rest (@mantine/modals): fetched with the
 * first one asked for (app-layout.tsx), since it always draws a closed Modal (portal, focus trap, overlay).
 */
export function ModalsHost() {
  const t = useT();
  return <ModalsProvider labels={{ confirm: t('admin.confirm'), cancel: t('admin.cancel') }} modalProps={{ centered: true }} />;
}

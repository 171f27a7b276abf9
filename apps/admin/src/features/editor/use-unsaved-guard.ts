import { modals } from '@mantine/modals';
import { useEffect, useLayoutEffect } from 'react';
import { useBlocker } from 'react-router';
import { t } from '../../lib/i18n';

/**
 * While `active`, closing or reloading the tab asks first (the browser's own question). The one beforeunload
 * guard of the editor: unsaved changes below, and uploads still running (the document has not changed yet, so
 * the unsaved-changes check cannot know: docs/decisions.md "Uploads before saving"). Registered as the state
 * change commits (a layout effect), not after the next paint: an upload's request starts in the same turn, and a
 * tab closed in between would otherwise leave without asking.
 */
export function useBeforeUnloadGuard(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    const h = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', h);
    return () => window.removeEventListener('beforeunload', h);
  }, [active]);
}

/** Leaving with unsaved changes asks first: closing the tab (beforeunload) and in-app navigation (blocker). */
export function useUnsavedGuard(dirty: boolean): void {
  useBeforeUnloadGuard(dirty);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      title: t('admin.unsaved_title'),
      children: t('admin.unsaved_body'),
      labels: { confirm: t('admin.leave_without_saving'), cancel: t('admin.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker]);
}

import { Button, Stack, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { BillSummary } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListHeader } from '../../components/list-layout';
import { downloadBlob } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { cardQuery, downloadInvoice, forceComplete } from './api';
import { BillDetailDrawer } from './bill-detail';
import { BillsTable, type RowAction } from './bills-table';
import { yen } from './format';
import { InvoiceIssuerCard } from './invoice-issuer-card';
import { PayCardModal } from './pay-card-modal';

// /{userTypeId}/check-plan and /{userTypeId}/billing (the Billing menu entry): the caller's bills by
// month (status, amounts, method, invoice PDF, pay by card when unpaid or failed); for sellers a second tab with the
// bills they issued (CSV, force-complete with an irreversible confirmation) and their invoice issuer card. The
// platform master pays no one: issued bills only. A bill's detail opens over the list (`?bill={id}`, linkable).

export function BillingPage() {
  return <CheckPlanPage variant="billing" />;
}

export function CheckPlanPage({ variant = 'plan_check' }: { variant?: 'plan_check' | 'billing' }) {
  const t = useT();
  const qc = useQueryClient();
  const me = useSession()?.user;
  const base = useBase();
  const [sp, setSp] = useSearchParams();
  const seller = me?.type === 'MASTER' || me?.type === 'OEM_MASTER';
  const tab = seller && sp.get('tab') === 'issued' ? 'issued' : 'own';
  const canEdit = me?.authority === 'EDIT';
  const [paying, setPaying] = useState<BillSummary | null>(null);
  const viewing = Number(sp.get('bill')) > 0 ? { id: Number(sp.get('bill')), seller: sp.get('as') === 'seller' } : null;
  const setViewing = (v: { id: number; seller: boolean } | null) => {
    const next = new URLSearchParams(sp);
    next.delete('bill');
    next.delete('as');
    if (v) next.set('bill', String(v.id));
    if (v?.seller) next.set('as', 'seller');
    setSp(next);
  };
  // Without a card provider (PAYMENT_PROVIDER=none) bills are paid by bank transfer: no pay button.
  const cardPayments = useQuery({ ...cardQuery(), enabled: tab === 'own' }).data?.cardPayments ?? false;

  const pdf = useMutation({
    mutationFn: (b: BillSummary) => downloadInvoice(b.id),
    onSuccess: ({ blob, fileName }) => downloadBlob(blob, fileName),
    onError: (e) => notifyError(e),
  });
  const force = useMutation({
    mutationFn: (b: BillSummary) => forceComplete(b.id),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['bills'] });
    },
    onError: (e) => notifyError(e),
  });

  const details = (side: 'own' | 'issued'): RowAction => ({
    key: 'details',
    icon: 'details',
    text: t('admin.inv_details'),
    label: (b) => t('admin.inv_details_for', { month: b.yearMonth }),
    show: () => true,
    run: (b) => setViewing({ id: b.id, seller: side === 'issued' }),
  });
  const download: RowAction = {
    key: 'pdf',
    icon: 'download',
    text: t('admin.check_pdf'),
    label: (b) => t('admin.check_pdf_for', { month: b.yearMonth }),
    show: (b) => b.status !== 'VOID',
    run: (b) => pdf.mutate(b),
  };
  const payAction: RowAction = {
    key: 'pay',
    icon: 'pay',
    color: 'blue',
    text: t('admin.check_pay'),
    label: (b) => t('admin.check_pay_for', { month: b.yearMonth }),
    show: (b) => canEdit && cardPayments && (b.status === 'UNPAID' || b.status === 'FAILED'),
    run: (b) => setPaying(b),
  };
  const forceAction: RowAction = {
    key: 'force',
    icon: 'force',
    color: 'red',
    text: t('admin.check_force'),
    label: (b) => t('admin.check_force_for', { month: b.yearMonth, account: b.accountCompany }),
    show: (b) => canEdit && b.status === 'UNPAID',
    run: (b) =>
      modals.openConfirmModal({
        title: t('admin.check_force_title'),
        children: (
          <Text size="sm">{t('admin.check_force_body', { month: b.yearMonth, account: b.accountCompany, total: yen(b.total) })}</Text>
        ),
        labels: { confirm: t('admin.check_force'), cancel: t('admin.cancel') },
        confirmProps: { color: 'red.9' },
        onConfirm: () => force.mutate(b),
      }),
  };

  const issuedView = (
    <Stack gap="md">
      <BillsTable side="issued" actions={[details('issued'), download, forceAction]} t={t} />
      <InvoiceIssuerCard canEdit={canEdit} />
    </Stack>
  );

  const setTab = (v: string | null) => {
    const next = new URLSearchParams(sp);
    if (v === 'issued') next.set('tab', 'issued');
    else next.delete('tab');
    setSp(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <ListHeader
        title={t(variant === 'billing' ? 'admin.billing_title' : 'admin.check_title')}
        subtitle={t(variant === 'billing' ? 'admin.billing_subtitle' : 'admin.check_subtitle')}
      >
        {me?.type !== 'MASTER' && (
          <Button component={Link} to={`${base}/plan`} variant="light">
            {t('admin.check_my_plan')}
          </Button>
        )}
      </ListHeader>
      {me?.type === 'MASTER' ? (
        issuedView
      ) : seller ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="own">{t('admin.check_tab_own')}</Tabs.Tab>
            <Tabs.Tab value="issued">{t('admin.check_tab_issued')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="own">
            <BillsTable side="own" actions={[details('own'), download, payAction]} t={t} />
          </Tabs.Panel>
          <Tabs.Panel value="issued">{issuedView}</Tabs.Panel>
        </Tabs>
      ) : (
        <BillsTable side="own" actions={[details('own'), download, payAction]} t={t} />
      )}
      <PayCardModal bill={paying} onClose={() => setPaying(null)} />
      <BillDetailDrawer billId={viewing?.id ?? null} seller={viewing?.seller ?? false} canEdit={canEdit} onClose={() => setViewing(null)} />
    </Stack>
  );
}

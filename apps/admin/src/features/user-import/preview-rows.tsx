import { Card, Stack, Table, Text } from '@mantine/core';
import type { ImportPreviewRow } from '@swipe/core';
import { useSmallScreen } from '../../components/list-layout';
import { useT } from '../../lib/i18n';

// A valid file's first rows as they will be imported: the text as the server decoded it (a Shift_JIS file from
// Excel included) and the plan by its name, so the person checks them before creating anyone. A table on a wide
// screen, cards on a phone.

// A table cell's names are read whole: a company breaks only at a space (株式会社テスト never ends its line at テス),
// a person's name and a type not at all, and a name longer than the table's room moves the table sideways in its
// scroll area; an address breaks after its @.
const WRAP_WHOLE = { wordBreak: 'keep-all', overflowWrap: 'break-word' } as const;

function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

export function PreviewRows({ rows, total }: { rows: ImportPreviewRow[]; total: number }) {
  const t = useT();
  const phone = useSmallScreen();
  if (rows.length === 0) return null;
  const type = (r: ImportPreviewRow) => t(`admin.account_type_${r.type.toLowerCase()}`);
  const period = (r: ImportPreviewRow) => (r.contractStart || r.contractEnd ? `${r.contractStart ?? '…'} – ${r.contractEnd ?? '…'}` : '—');
  const authority = (r: ImportPreviewRow) =>
    `${t(r.authority === 'VIEW' ? 'admin.users_form_authority_view' : 'admin.users_form_authority_edit')}${r.licenseIssue ? ` · ${t('admin.users_col_license')}` : ''}`;
  const rest = total - rows.length;
  const title = (
    <Text fw={600} size="sm">
      {t('admin.import_preview_title', { count: rows.length })}
    </Text>
  );
  const more = rest > 0 && (
    <Text size="sm" c="dimmed">
      {t('admin.import_preview_more', { count: rest })}
    </Text>
  );
  if (phone)
    return (
      <Stack gap="xs" data-testid="import-preview">
        {title}
        {rows.map((r) => (
          <Card key={r.row} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {t('admin.import_row', { row: r.row })} · {type(r)}
            </Text>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {r.companyName}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.email}
              {r.contactName ? ` · ${r.contactName}` : ''}
            </Text>
            <Text size="xs" mt={4}>
              {t('admin.users_col_plan')}: {r.plan || '—'} · {period(r)}
            </Text>
            <Text size="xs" c="dimmed">
              {authority(r)}
            </Text>
          </Card>
        ))}
        {more}
      </Stack>
    );
  return (
    <Stack gap="xs" data-testid="import-preview">
      {title}
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.import_col_row')}</Table.Th>
              <Table.Th>{t('admin.users_col_type')}</Table.Th>
              <Table.Th>{t('admin.users_col_email')}</Table.Th>
              <Table.Th>{t('admin.users_col_company')}</Table.Th>
              <Table.Th>{t('admin.users_col_contact')}</Table.Th>
              <Table.Th>{t('admin.users_col_plan')}</Table.Th>
              <Table.Th>{t('admin.import_col_period')}</Table.Th>
              <Table.Th>{t('admin.users_col_authority_license')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{type(r)}</Table.Td>
                <Table.Td style={WRAP_WHOLE}>
                  <Email value={r.email} />
                </Table.Td>
                <Table.Td style={WRAP_WHOLE}>{r.companyName}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.contactName || '—'}</Table.Td>
                <Table.Td>{r.plan || '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{period(r)}</Table.Td>
                <Table.Td>{authority(r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more}
    </Stack>
  );
}

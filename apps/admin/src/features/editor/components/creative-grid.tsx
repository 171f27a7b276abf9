import { Image, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPlus } from '../../../components/icons';
import { useMediaSrc } from '../../../lib/app-config';
import { useT } from '../../../lib/i18n';
import { errorUnder, useEditor } from '../editor-context';
import { cellName } from '../model/doc';

/** The site's creatives as a grid of cells (columns are categories, rows pages): pick one to edit it. */
export function CreativeGrid({ c, r, onPick }: { c: number; r: number; onPick: (c: number, r: number) => void }) {
  const t = useT();
  const { doc, lang, errors } = useEditor();
  const src = useMediaSrc();
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <table style={{ borderCollapse: 'separate', borderSpacing: 6 }}>
        <thead>
          <tr>
            <th aria-label={t('admin.row')} />
            {doc.categories.map((_col, ci) => (
              <th key={ci} style={{ fontSize: 12, fontWeight: 600, color: 'var(--mantine-color-gray-7)' }}>
                <Tooltip label={doc.translations[lang]?.globalMenu[ci] ?? ''} withArrow disabled={!doc.translations[lang]?.globalMenu[ci]}>
                  <span>{cellName(ci, 0).replace(/\d+$/, '')}</span>
                </Tooltip>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: doc.numberVertical }, (_, ri) => (
            <tr key={ri}>
              <th style={{ fontSize: 12, fontWeight: 600, color: 'var(--mantine-color-gray-7)' }}>{ri + 1}</th>
              {doc.categories.map((col, ci) => {
                const p = col.pages[ri];
                const active = ci === c && ri === r;
                const bad = errorUnder(errors, `categories.${ci}.pages.${ri}`);
                return (
                  <td key={ci}>
                    <UnstyledButton
                      onClick={() => onPick(ci, ri)}
                      aria-label={`${cellName(ci, ri)}${p?.imageUrl ? '' : ` (${t('admin.empty')})`}`}
                      aria-pressed={active}
                      data-testid={`cell-${cellName(ci, ri)}`}
                      style={{
                        width: 56,
                        height: 100,
                        borderRadius: 6,
                        overflow: 'hidden',
                        display: 'grid',
                        placeItems: 'center',
                        background: 'var(--mantine-color-gray-1)',
                        border: `2px solid ${active ? 'var(--mantine-color-indigo-6)' : bad ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-3)'}`,
                        position: 'relative',
                      }}
                    >
                      {p?.imageUrl ? (
                        p.mediaType === 'VIDEO' ? (
                          <Text size="xs" fw={600}>
                            ▶
                          </Text>
                        ) : (
                          <Image src={src(p.imageUrl)} alt="" w="100%" h="100%" fit="cover" />
                        )
                      ) : (
                        <IconPlus size={16} color="var(--mantine-color-gray-5)" />
                      )}
                      <Text
                        size="10px"
                        fw={700}
                        style={{ position: 'absolute', left: 3, top: 2, color: '#fff', textShadow: '0 0 3px #000', lineHeight: 1 }}
                      >
                        {cellName(ci, ri)}
                      </Text>
                      {p && p.buttons.length + p.products.length > 0 && (
                        <Text
                          size="10px"
                          style={{
                            position: 'absolute',
                            right: 3,
                            bottom: 2,
                            color: '#fff',
                            background: 'rgba(0,0,0,.55)',
                            borderRadius: 6,
                            padding: '0 4px',
                          }}
                        >
                          {p.buttons.length + p.products.length}
                        </Text>
                      )}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

import { useTranslation } from 'react-i18next';
import { formatUnits } from '../../domain/numbers';
import type { RatioRow } from '../../domain/ratios';
import { DataTable } from '../../ui/list/DataTable';
import { formatTwoOrNone } from './two';

const RATIOS = ['gross_time', 'tons_ratio', 'load_ratio', 'net_time', 'delay'] as const;

/**
 * The project summary's columns: commodity, activity, quantity (units), hours (2 decimals) and ratios ('—'
 * over no time); every column shows (the delay too), as cards on a phone.
 */
export function RatioTable({ rows, total, testId }: { rows: RatioRow[]; total?: RatioRow; testId: string }) {
  const { t, i18n } = useTranslation('summary');
  const locale = i18n.language;
  const shown =
    total && rows.length > 1 ? [...rows, { ...total, commodity_name: t('total'), activity_name: '' }] : rows;
  return (
    <DataTable<RatioRow>
      rows={shown}
      rowKey={(row) => `${row.commodity}-${row.activity}-${row === shown.at(-1) && total ? 'total' : ''}`}
      testId={testId}
      rowTestId="summary-row"
      rowData={(row): Record<`data-${string}`, string> =>
        total && rows.length > 1 && row === shown.at(-1)
          ? { 'data-testid': 'summary-total', 'data-emphasis': 'true' }
          : {}
      }
      empty={t('empty')}
      title={{ header: t('columns.commodity'), cell: (row) => row.commodity_name ?? '' }}
      columns={[
        { key: 'activity', header: t('columns.activity'), cell: (row) => row.activity_name ?? '' },
        {
          key: 'quantity',
          header: t('columns.quantity'),
          cell: (row) => formatUnits(row.quantity, locale),
          numeric: true,
        },
        ...RATIOS.map((ratio) => ({
          key: ratio,
          header: t(`columns.${ratio}`),
          cell: (row: RatioRow) => formatTwoOrNone(row[ratio], locale),
          numeric: true,
        })),
      ]}
    />
  );
}

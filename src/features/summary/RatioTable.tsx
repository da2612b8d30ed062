import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { format2, type RatioRow } from '../../domain/ratios';

const COLUMNS = [
  'commodity',
  'activity',
  'quantity',
  'gross_time',
  'tons_ratio',
  'load_ratio',
  'net_time',
  'delay',
] as const;

function quantityOf(value: string, locale: string) {
  const number = Number(value);
  return Number.isFinite(number)
    ? new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(number)
    : value;
}

/** The project summary's columns: commodity, activity, quantity, hours (2 decimals) and ratios ('—' over no time). */
export function RatioTable({ rows, total, testId }: { rows: RatioRow[]; total?: RatioRow; testId: string }) {
  const { t, i18n } = useTranslation('summary');
  const locale = i18n.language;
  const cells = (row: RatioRow) => [
    row.commodity_name ?? '',
    row.activity_name ?? '',
    quantityOf(row.quantity, locale),
    format2(row.gross_time, locale),
    format2(row.tons_ratio, locale),
    format2(row.load_ratio, locale),
    format2(row.net_time, locale),
    format2(row.delay, locale),
  ];
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing={4} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{t(`columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.commodity}-${row.activity}`} data-testid="summary-row">
              {cells(row).map((cell, index) => (
                <Table.Td key={COLUMNS[index]}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>{t('empty')}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {total && rows.length > 1 && (
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="summary-total">
              {cells({ ...total, commodity_name: t('total'), activity_name: '' }).map((cell, index) => (
                <Table.Td key={COLUMNS[index]}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

import { Group, Loader, Modal, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { callSeries, parseTonsKey, projectSummaries } from '../../domain/ratios';
import { lookupLabel } from '../../domain/reference/label';
import { useLocalDb } from '../../store/hooks';
import { CallChart } from './CallChart';
import { HoldBars } from './HoldBars';
import { ratiosInputOf } from './input';
import { RatioTable } from './RatioTable';
import { formatTwoOrNone } from './two';

/** The commodity summaries modal: computed on the device from the local store, so it works offline. */
export default function SummaryModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('summary');
  const locale = i18n.language;
  const db = useLocalDb();
  const data = useLiveQuery(async () => {
    if (!db) return undefined;
    const input = await ratiosInputOf(db, projectId);
    const names = new Map<string, string>(
      input.commodities.map((row) => [row.code, lookupLabel('commodity', row, locale)]),
    );
    return { summaries: projectSummaries(input), series: callSeries(input), names };
  }, [db, projectId, locale]);

  const keyLabel = (key: string) => {
    const { commodity, hold } = parseTonsKey(key);
    const name = data?.names.get(commodity) || commodity;
    return hold === null ? `${name} · ${t('no_hold')}` : `${name} · ${t('hold', { hold })}`;
  };
  const tons = Object.entries(data?.summaries.tons_summary ?? {});

  return (
    <Modal opened onClose={onClose} title={t('title')} size="90%" data-testid="summary-modal">
      {!data ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (
        <Tabs defaultValue="project_summary" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="project_summary">{t('tabs.project_summary')}</Tabs.Tab>
            <Tabs.Tab value="tons_ratio">{t('tabs.tons_ratio')}</Tabs.Tab>
            {tons.map(([key]) => (
              <Tabs.Tab key={key} value={key}>
                {keyLabel(key)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="project_summary" pt="md">
            {/* The table takes the modal's width (its eight columns fit there), the chart goes under it. */}
            <Stack gap="lg">
              <RatioTable
                rows={data.summaries.project_summary}
                total={data.summaries.total}
                testId="summary-table"
              />
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('charts.call')}
                </Text>
                {data.series.points.length === 0 ? (
                  <Text c="dimmed">{t('empty')}</Text>
                ) : (
                  <CallChart
                    series={data.series}
                    title={t('charts.call')}
                    stoppageLabel={t('charts.stoppage')}
                  />
                )}
              </Stack>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="tons_ratio" pt="md">
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <Table striped data-testid="tons-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.commodity')}</Table.Th>
                    <Table.Th>{t('columns.hold')}</Table.Th>
                    <Table.Th>{t('columns.tons')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tons.map(([key, value]) => {
                    const { commodity, hold } = parseTonsKey(key);
                    return (
                      <Table.Tr key={key} data-testid="tons-row">
                        <Table.Td>{data.names.get(commodity) || commodity}</Table.Td>
                        <Table.Td>{hold ?? '—'}</Table.Td>
                        <Table.Td>{formatTwoOrNone(Number(value), locale)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                  {tons.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={3}>{t('empty')}</Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('charts.holds')}
                </Text>
                <HoldBars
                  title={t('charts.holds')}
                  locale={locale}
                  bars={tons.map(([key, value]) => ({ label: keyLabel(key), tons: Number(value) }))}
                />
              </Stack>
            </SimpleGrid>
          </Tabs.Panel>
          {tons.map(([key]) => (
            <Tabs.Panel key={key} value={key} pt="md">
              <RatioTable
                rows={data.summaries.commodity_summary[key] ?? []}
                testId={`summary-table-${key}`}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Modal>
  );
}

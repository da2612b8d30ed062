import { Button, Group, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDeliveries, replayDelivery, type WebhookDelivery } from '../../api/webhooks';
import { formatDateTime } from '../../ui/format';
import { notifyApiError } from '../../ui/notices';

const COLORS = { pending: 'orange.8', delivered: 'green.8', failed: 'red.8' } as const;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** The deliveries of one endpoint, newest first: event, status, attempts, last answer; replay any. */
export function Deliveries({ endpoint }: { endpoint: string }) {
  const { t } = useTranslation('webhooks');
  const [rows, setRows] = useState<WebhookDelivery[] | null>(null);

  const load = useCallback(async () => {
    try {
      setRows((await listDeliveries(endpoint)).results);
    } catch (error) {
      await notifyApiError(error);
    }
  }, [endpoint]);

  useEffect(() => {
    void load();
  }, [load]);

  async function replay(id: string) {
    try {
      await replayDelivery(id);
      await load();
    } catch (error) {
      await notifyApiError(error);
    }
  }

  if (rows === null) return <Text c="dimmed">{t('loading')}</Text>;
  if (rows.length === 0) return <Text c="dimmed">{t('deliveries.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="deliveries-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deliveries.event')}</Table.Th>
            <Table.Th>{t('deliveries.status')}</Table.Th>
            <Table.Th ta="right">{t('deliveries.attempts')}</Table.Th>
            <Table.Th>{t('deliveries.last_answer')}</Table.Th>
            <Table.Th>{t('deliveries.created')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="delivery-row">
              <Table.Td>{t(`events.${row.event_type}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text span fw={600} size="sm" c={COLORS[row.status]}>
                  {t(`status.${row.status}`)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{row.attempts}</Table.Td>
              <Table.Td>
                {row.last_status ?? (row.last_error ? t('deliveries.no_answer') : '—')}
                {row.status !== 'delivered' && row.last_attempt_at && (
                  <Text size="xs" c="dimmed">
                    {when(row.last_attempt_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row.created_at)}</Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => void replay(row.id)}
                    data-testid="replay"
                  >
                    {t('deliveries.replay')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

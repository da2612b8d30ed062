import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isOnline } from '../../api/client';
import { formatDateTime } from '../../ui/format';
import { useSession } from '../auth/session';

interface DeviceRow {
  client_id: string;
  device_name: string | null;
  pending: number;
  needs_attention: number;
  files_pending: number;
  oldest_pending_at: string | null;
  last_seen_at: string | null;
  user: { id: string; username: string; first_name: string; last_name: string } | null;
}

type Load =
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'error' }
  | { state: 'ready'; rows: DeviceRow[] };

const userName = (user: DeviceRow['user']) =>
  user ? `${user.first_name} ${user.last_name}`.trim() || user.username : '—';
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/**
 * Devices (admins): every device that synced, who uses it, when it was last heard of, and the work it
 * still holds. An office screen: read from the server each time, not from the local store.
 */
export default function DevicesPage() {
  const { t } = useTranslation(['sync', 'common']);
  const admin = useSession((state) => state.user?.role === 'admin');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchDevices = useCallback(async () => {
    if (!isOnline()) {
      setLoad({ state: 'offline' });
      return;
    }
    setLoad({ state: 'loading' });
    try {
      const body = await api.get('sync/devices/').json<{ results: DeviceRow[] }>();
      setLoad({ state: 'ready', rows: body.results });
    } catch {
      setLoad({ state: isOnline() ? 'error' : 'offline' });
    }
  }, []);

  useEffect(() => {
    void fetchDevices();
    const online = () => void fetchDevices();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [fetchDevices]);

  return (
    <Stack gap="md">
      <Title order={2}>{t('devices.title')}</Title>
      <Text c="dimmed">{t('devices.intro')}</Text>
      {!admin && <Alert color="red">{t('devices.error')}</Alert>}
      {load.state === 'offline' && (
        <Alert color="gray" data-testid="devices-offline">
          {t('devices.offline')}
        </Alert>
      )}
      {load.state === 'error' && (
        <Alert color="red">
          {t('devices.error')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void fetchDevices()}>
            {t('devices.reload')}
          </Button>
        </Alert>
      )}
      {load.state === 'loading' && <Text c="dimmed">{t('common:loading')}</Text>}
      {load.state === 'ready' && load.rows.length === 0 && <Text>{t('devices.none')}</Text>}
      {load.state === 'ready' && load.rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="devices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('devices.user')}</Table.Th>
                <Table.Th>{t('devices.device')}</Table.Th>
                <Table.Th>{t('devices.last_contact')}</Table.Th>
                <Table.Th ta="right">{t('devices.pending')}</Table.Th>
                <Table.Th ta="right">{t('devices.needs_attention')}</Table.Th>
                <Table.Th ta="right">{t('devices.files_pending')}</Table.Th>
                <Table.Th>{t('devices.oldest_pending')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {load.rows.map((row) => (
                <Table.Tr key={row.client_id} data-testid="device-row">
                  <Table.Td>{userName(row.user)}</Table.Td>
                  <Table.Td>{row.device_name || t('devices.unnamed')}</Table.Td>
                  <Table.Td>{when(row.last_seen_at)}</Table.Td>
                  <Table.Td ta="right">{row.pending}</Table.Td>
                  <Table.Td ta="right" c={row.needs_attention > 0 ? 'red' : undefined}>
                    {row.needs_attention}
                  </Table.Td>
                  <Table.Td ta="right">{row.files_pending}</Table.Td>
                  <Table.Td>{when(row.oldest_pending_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

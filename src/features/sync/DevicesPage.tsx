import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { isOnline } from '../../api/http';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/list/DataTable';
import { useSession } from '../auth';

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
          <Button variant="default" size="md" onClick={() => void fetchDevices()}>
            {t('devices.reload')}
          </Button>
        </Alert>
      )}
      {load.state === 'loading' && <Text c="dimmed">{t('common:loading')}</Text>}
      {load.state === 'ready' && load.rows.length === 0 && <Text>{t('devices.none')}</Text>}
      {load.state === 'ready' && load.rows.length > 0 && (
        <DataTable<DeviceRow>
          rows={load.rows}
          rowKey={(row) => row.client_id}
          testId="devices-table"
          rowTestId="device-row"
          label={t('devices.title')}
          empty={t('devices.none')}
          title={{ header: t('devices.user'), cell: (row) => userName(row.user) }}
          columns={[
            {
              key: 'device',
              header: t('devices.device'),
              cell: (row) => row.device_name || t('devices.unnamed'),
            },
            { key: 'last', header: t('devices.last_contact'), cell: (row) => when(row.last_seen_at) },
            { key: 'pending', header: t('devices.pending'), cell: (row) => row.pending, numeric: true },
            {
              key: 'attention',
              header: t('devices.needs_attention'),
              cell: (row) => (
                <Text c={row.needs_attention > 0 ? 'red.9' : undefined}>{row.needs_attention}</Text>
              ),
              numeric: true,
            },
            {
              key: 'files',
              header: t('devices.files_pending'),
              cell: (row) => row.files_pending,
              numeric: true,
            },
            {
              key: 'oldest',
              header: t('devices.oldest_pending'),
              cell: (row) => when(row.oldest_pending_at),
              from: 'lg',
            },
          ]}
        />
      )}
    </Stack>
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { getDevice, setDeviceName } from '../../store/meta';
import { notifySuccess } from '../../ui/notices';

/** The device's name as the office sees it on the Devices screen ("Tablet 3"). */
export function DeviceName() {
  const { t } = useTranslation('sync');
  const db = useLocalDb();
  const device = useLiveQuery(() => (db ? getDevice(db) : undefined), [db]);
  const [name, setName] = useState('');
  useEffect(() => setName(device?.device_name ?? ''), [device?.device_name]);
  if (!db || !device) return null;
  const changed = name.trim() !== (device.device_name ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void setDeviceName(db, name).then(() => notifySuccess(t('panel.device_saved')));
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('panel.device_name')}
          description={t('panel.device_name_hint')}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="device-name"
        />
        <Button type="submit" variant="light" disabled={!changed}>
          {t('common:save')}
        </Button>
      </Group>
    </form>
  );
}

import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Usage, usageOf } from '../../../api/admin';
import { isOnline } from '../../../api/http';
import type { ResourceName } from '../../../domain/registry';
import { remove, update } from '../../../store/active';
import type { LocalRow } from '../../../store/schema';
import { notifyDeleted, notifyUpdated } from '../../../ui/notices';
import { pullNow } from '../ui/online';

/**
 * Before deleting an entry: which records use it (asked of the server, which holds them all). One in use
 * is retired instead (hidden from new choices, kept on its records); one unused is deleted.
 */
export function DeleteModal(props: {
  resource: ResourceName;
  /** Of `resource`, the lookup the admin picked at run time: a LocalRow. */
  entry: LocalRow;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'ui']);
  const [usage, setUsage] = useState<Usage | 'offline' | 'error' | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!isOnline()) {
      setUsage('offline');
      return;
    }
    usageOf(props.resource, props.entry.id).then(setUsage, () => setUsage('error'));
  }, [props.resource, props.entry.id]);

  async function act(kind: 'retire' | 'delete') {
    setBusy(true);
    try {
      if (kind === 'retire') {
        await update(props.resource, props.entry.id, { retired: true });
        notifyUpdated();
      } else {
        await remove(props.resource, props.entry.id);
        notifyDeleted();
      }
      pullNow();
      props.onClose();
    } finally {
      setBusy(false);
    }
  }
  const inUse = typeof usage === 'object' && usage !== null && usage.total > 0;
  return (
    <Modal opened onClose={props.onClose} title={t('reference.delete_title', { name: props.name })} centered>
      <Stack data-testid="delete-entry">
        {usage === null && <Loader />}
        {usage === 'offline' && <Alert color="gray">{t('needs_connection')}</Alert>}
        {usage === 'error' && <Alert color="red">{t('reference.usage_error')}</Alert>}
        {typeof usage === 'object' && usage !== null && (
          <>
            <Text>{inUse ? t('reference.in_use', { count: usage.total }) : t('reference.unused')}</Text>
            {inUse && (
              <List size="sm">
                {usage.uses.map((use) => (
                  <List.Item key={`${use.resource}.${use.field}`}>
                    {t(`records.${use.resource}`, { count: use.count })}
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          {inUse ? (
            <Button color="orange" loading={busy} onClick={() => void act('retire')}>
              {t('reference.retire')}
            </Button>
          ) : (
            <Button
              color="red"
              loading={busy}
              disabled={typeof usage !== 'object' || usage === null}
              onClick={() => void act('delete')}
            >
              {t('ui:actions.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

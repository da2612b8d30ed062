import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeEntry } from '../../../api/admin';
import type { ResourceName } from '../../../domain/registry';
import type { LocalRow } from '../../../store/schema';
import { notifySuccess } from '../../../ui/notices';
import { bannerOf, useOnlineAction } from '../ui/online';

/** Merge an entry into another of its list (online): every record using it moves to the one kept. */
export function MergeModal(props: {
  resource: ResourceName;
  /** Of `resource`, the lookup the admin picked at run time: a LocalRow. */
  entry: LocalRow;
  name: string;
  others: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [into, setInto] = useState<string | null>(null);
  const { errors, setErrors, busy, run } = useOnlineAction();
  async function merge() {
    if (!into) {
      setErrors({ into: [t('reference.choose_kept')] });
      return;
    }
    const done = await run(() => mergeEntry(props.resource, props.entry.id, into));
    if (!done) return;
    const moved = done.moved.reduce((sum, use) => sum + use.count, 0);
    notifySuccess(t('reference.merged', { count: moved }));
    props.onClose();
  }
  const banner = bannerOf(errors, ['into']);
  return (
    <Modal opened onClose={props.onClose} title={t('reference.merge_title', { name: props.name })} centered>
      <Stack>
        {banner && <Alert color="red">{banner}</Alert>}
        <Text>{t('reference.merge_text', { name: props.name })}</Text>
        <Select
          label={t('reference.kept')}
          name="into"
          searchable
          data={props.others}
          value={into}
          onChange={setInto}
          error={errors.into?.join(' ')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void merge()}>
            {t('reference.merge')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GalleryZone, galleryZones } from '../../domain/enums';
import { addFiles, type FileParent } from '../../sync/files';

interface Props {
  parent: FileParent;
  opened: boolean;
  onClose: () => void;
}

/**
 * Photos with a description and a zone: taken with the tablet's rear camera or picked from files. They
 * are stamped, compressed and kept on the device at once, and uploaded by the sync when there is a
 * connection. A failure keeps the description and zone typed.
 */
export function AddPhotos({ parent, opened, onClose }: Props) {
  const { t } = useTranslation('gallery');
  const [description, setDescription] = useState('');
  const [zone, setZone] = useState<GalleryZone>('uncategorized');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  async function keep(list: FileList | null, input: HTMLInputElement | null) {
    const files = [...(list ?? [])];
    if (input) input.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      await addFiles(parent, files, { description, zone, isImage: true });
      setDescription('');
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('add.title')} size="md" data-testid="add-photos">
      <Stack gap="sm">
        <TextInput
          size="md"
          label={t('description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          data-testid="photo-description"
        />
        <Select
          size="md"
          label={t('zone')}
          data={galleryZones.map((value) => ({ value, label: t(`zones.${value}`) }))}
          value={zone}
          onChange={(value) => setZone((value as GalleryZone | null) ?? 'uncategorized')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="photo-zone"
        />
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid="photo-camera-input"
          onChange={(event) => void keep(event.currentTarget.files, event.currentTarget)}
        />
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="photo-file-input"
          onChange={(event) => void keep(event.currentTarget.files, event.currentTarget)}
        />
        {busy && (
          <Text size="sm" c="dimmed" data-testid="photo-busy">
            {t('add.preparing')}
          </Text>
        )}
        {error && (
          <Alert color="red" data-testid="photo-error">
            {t('add.failed', { error })}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" size="md" onClick={close} disabled={busy}>
            {t('close')}
          </Button>
          <Button variant="default" size="md" onClick={() => picker.current?.click()} loading={busy}>
            {t('add.pick')}
          </Button>
          <Button size="md" onClick={() => camera.current?.click()} loading={busy}>
            {t('add.camera')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

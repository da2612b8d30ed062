import {
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { galleryZones } from '../../domain/enums';
import { addFiles, type FileItem, useFiles, useFileUrl } from '../../sync/files';
import { IconPlus } from '../../ui/icons';
import { DocumentsList } from '../project-reports';

function Photo({ item }: { item: FileItem }) {
  const { t } = useTranslation('containers');
  const url = useFileUrl(item);
  return (
    <Paper withBorder p={4} data-testid="container-photo" data-state={item.state}>
      {url ? (
        <Image src={url} alt={item.description ?? item.name} h={120} fit="cover" />
      ) : (
        <Text size="xs">{item.name}</Text>
      )}
      {item.state !== 'synced' && (
        <Badge size="xs" mt={4} variant="light" color={item.state === 'needs_attention' ? 'red' : 'yellow'}>
          {t(`photo_state.${item.state}`)}
        </Badge>
      )}
    </Paper>
  );
}

/** The report's photos (from the camera, stamped and compressed as in the gallery) and other documents. */
export function ContainerPhotos({ reportId }: { reportId: string }) {
  const { t } = useTranslation('containers');
  const parent = { resource: 'container-report' as const, id: reportId };
  const files = useFiles(parent);
  const [zone, setZone] = useState<string | null>('uncategorized');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const photos = (files ?? []).filter((file) => file.is_image);
  async function add(chosen: File[]) {
    if (chosen.length === 0) return;
    setBusy(true);
    try {
      await addFiles(parent, chosen, { isImage: true, zone, description });
      setDescription('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack data-testid="container-attachments">
      <Group align="flex-end">
        <Select
          size="md"
          label={t('zone')}
          data={galleryZones.map((value) => ({ value, label: t(`zones.${value}`) }))}
          value={zone}
          onChange={setZone}
        />
        <TextInput
          size="md"
          label={t('photo_description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <FileButton multiple accept="image/*" capture="environment" onChange={(chosen) => void add(chosen)}>
          {(props) => (
            <Button
              {...props}
              size="md"
              loading={busy}
              leftSection={<IconPlus size={18} />}
              data-testid="take-photo"
            >
              {t('take_photo')}
            </Button>
          )}
        </FileButton>
      </Group>
      {photos.length === 0 && <Text c="dimmed">{t('no_photos')}</Text>}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {photos.map((item) => (
          <Photo key={item.id} item={item} />
        ))}
      </SimpleGrid>
      <Text fw={600}>{t('documents')}</Text>
      <DocumentsList parent={parent} />
    </Stack>
  );
}

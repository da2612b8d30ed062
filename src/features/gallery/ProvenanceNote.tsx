// Where a photo comes from, under it in the viewer (issue 21, evidence): taken when and on which device,
// where (when the position was allowed), arrived at the server when, the SHA-256 of its bytes at capture,
// and whether the server found the same bytes.
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';
import { useZone } from '../../ui/zone';
import type { Photo } from './queries';

export function ProvenanceNote({ photo }: { photo: Photo }) {
  const { t } = useTranslation('gallery');
  const zone = useZone();
  const { provenance } = photo;
  const { position } = provenance;
  return (
    <Stack gap={2} align="center" data-testid="photo-provenance">
      {provenance.altered === true && (
        <Badge color="red" size="lg" data-testid="photo-altered">
          {t('provenance.altered')}
        </Badge>
      )}
      {provenance.altered === false && (
        <Badge color="teal" variant="light" data-testid="photo-intact">
          {t('provenance.intact')}
        </Badge>
      )}
      <Text size="sm" ta="center">
        {t('provenance.taken', { at: formatDateTime(photo.captured_at, zone) })}
        {provenance.device ? ` · ${t('provenance.device', { device: provenance.device })}` : ''}
        {' · '}
        {provenance.arrived_at
          ? t('provenance.arrived', { at: formatDateTime(provenance.arrived_at, zone) })
          : t('provenance.not_arrived')}
      </Text>
      <Text size="sm" ta="center">
        {position
          ? t('provenance.position', {
              latitude: position.latitude,
              longitude: position.longitude,
              accuracy: position.accuracy ?? '—',
            })
          : t('provenance.no_position')}
      </Text>
      {provenance.sha256 && (
        <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }} data-testid="photo-sha256">
          SHA-256 {provenance.sha256}
        </Text>
      )}
    </Stack>
  );
}

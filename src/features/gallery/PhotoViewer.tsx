import { ActionIcon, Box, Group, Image, Loader, Modal, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileUrl } from '../../sync/files';
import { formatDateTime } from '../../ui/format';
import { IconChevronLeft, IconChevronRight } from '../../ui/icons';
import { useZone } from '../../ui/zone';
import { FileNote } from '../documents';
import { ProvenanceNote } from './ProvenanceNote';
import type { Photo } from './queries';

/** A swipe shorter than this (px) is a tap. */
const SWIPE_MIN = 50;

function FullImage({ photo }: { photo: Photo }) {
  const url = useFileUrl(photo, false);
  if (!url) return <Loader />;
  return (
    <Image
      src={url}
      alt={photo.description ?? photo.name}
      fit="contain"
      mah="75vh"
      data-testid="photo-full"
    />
  );
}

interface Props {
  photos: Photo[];
  index: number | null;
  onIndex: (index: number | null) => void;
}

/** One photo at a time: swipe or the arrow keys (and buttons) move between them. */
export function PhotoViewer({ photos, index, onIndex }: Props) {
  const { t } = useTranslation('gallery');
  const zone = useZone();
  const touchX = useRef<number | null>(null);
  const photo = index === null ? undefined : photos[index];
  const go = (step: number) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < photos.length) onIndex(next);
  };
  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <Modal
      opened={photo !== undefined}
      onClose={() => onIndex(null)}
      fullScreen
      title={photo ? photo.description || photo.name : ''}
      data-testid="photo-viewer"
    >
      {photo && (
        <Box
          onTouchStart={(event) => {
            touchX.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={(event) => {
            const start = touchX.current;
            const end = event.changedTouches[0]?.clientX;
            touchX.current = null;
            if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN) return;
            go(end < start ? 1 : -1);
          }}
          // The whole screen under the title takes the swipe, not only the photo: a photo still loading (a
          // spinner) or a wide one on a portrait tablet leaves most of the screen outside it.
          style={{
            touchAction: 'pan-y',
            minHeight: 'calc(100dvh - 90px)',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
          }}
          data-testid="photo-swipe"
          data-index={index ?? undefined}
        >
          <Group justify="center" wrap="nowrap" gap="xs">
            <ActionIcon
              size="xl"
              variant="default"
              aria-label={t('viewer.previous')}
              onClick={() => go(-1)}
              disabled={index === 0}
            >
              <IconChevronLeft size={24} />
            </ActionIcon>
            <Box style={{ flex: 1, textAlign: 'center' }}>
              <FullImage key={photo.id} photo={photo} />
            </Box>
            <ActionIcon
              size="xl"
              variant="default"
              aria-label={t('viewer.next')}
              onClick={() => go(1)}
              disabled={index === photos.length - 1}
            >
              <IconChevronRight size={24} />
            </ActionIcon>
          </Group>
          <Text ta="center" size="sm" mt="sm" data-testid="photo-viewer-stamp">
            {t(`zones.${photo.zone ?? 'uncategorized'}`)} · {formatDateTime(photo.captured_at, zone)}
            {photo.captured_by ? ` · ${photo.captured_by}` : ''} · {(index ?? 0) + 1}/{photos.length}
          </Text>
          <Box ta="center" mt="xs">
            <FileNote item={photo} />
          </Box>
          <Box mt="xs">
            <ProvenanceNote photo={photo} />
          </Box>
        </Box>
      )}
    </Modal>
  );
}

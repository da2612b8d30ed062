import { Badge, Box, Image, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileUrl } from '../../sync/files';
import { formatDateTime } from '../../ui/format';
import { useZone } from '../../ui/zone';
import type { Photo } from './queries';

/** Loads a thumbnail only once its cell comes near the screen. */
function useNearScreen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

function ThumbImage({ photo }: { photo: Photo }) {
  // The device's Blob for photos still here; the server's 320 px thumbnail for uploaded ones.
  const url = useFileUrl(photo, true);
  if (!url) return <Box h="100%" bg="gray.1" />;
  return (
    <Image
      src={url}
      alt={photo.description ?? photo.name}
      h="100%"
      w="100%"
      fit="cover"
      loading="lazy"
      decoding="async"
      data-testid="photo-thumb-img"
      data-source={photo.blob ? 'device' : 'server'}
    />
  );
}

function Thumb({ photo, onOpen }: { photo: Photo; onOpen: () => void }) {
  const { t } = useTranslation('gallery');
  const zone = useZone();
  const [ref, near] = useNearScreen<HTMLButtonElement>();
  const stamp = `${formatDateTime(photo.captured_at, zone)}${photo.captured_by ? ` · ${photo.captured_by}` : ''}`;
  return (
    <UnstyledButton
      ref={ref}
      onClick={onOpen}
      // The name holds the stamp shown under the photo too (a name without the visible words fails WCAG 2.5.3).
      aria-label={`${photo.description || photo.name} · ${stamp}`}
      data-testid="photo-thumb"
      data-id={photo.id}
      data-state={photo.state}
      style={{ display: 'flex', flexDirection: 'column', borderRadius: 6, overflow: 'hidden' }}
      bg="gray.1"
    >
      <Box pos="relative" style={{ aspectRatio: '1 / 1', contain: 'strict' }}>
        {near ? <ThumbImage photo={photo} /> : <Box h="100%" bg="gray.1" />}
        {photo.state !== 'synced' && (
          <Badge
            pos="absolute"
            top={4}
            left={4}
            size="sm"
            color={photo.state === 'needs_attention' ? 'red' : 'yellow'}
            data-testid="photo-pending"
          >
            {t(`state.${photo.state}`)}
          </Badge>
        )}
      </Box>
      {/* Under the photo, wrapped: the whole stamp shows (a long name takes more lines) and hides no picture. */}
      <Text size="xs" px={6} py={4} lh={1.3} style={{ overflowWrap: 'anywhere' }} data-testid="photo-stamp">
        {stamp}
      </Text>
    </UnstyledButton>
  );
}

export function PhotoGrid({ photos, onOpen }: { photos: Photo[]; onOpen: (index: number) => void }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs" data-testid="photo-grid">
      {photos.map((photo, index) => (
        <Thumb key={photo.id} photo={photo} onOpen={() => onOpen(index)} />
      ))}
    </SimpleGrid>
  );
}

import { Box, Loader, Stack, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraState } from './useCamera';

/** The camera's picture with an aiming frame, and what stands in its way (starting, not allowed…). */
export function Viewfinder({
  video,
  state,
}: {
  video: RefObject<HTMLVideoElement | null>;
  state: CameraState;
}) {
  const { t } = useTranslation('tally');
  return (
    <Box
      pos="relative"
      bg="dark.9"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', minHeight: '14rem' }}
      data-testid="scan-viewfinder"
      data-state={state.kind}
      data-reader={state.kind === 'scanning' ? state.reader : undefined}
    >
      <video
        ref={video}
        muted
        playsInline
        autoPlay
        aria-label={t('scan.viewfinder')}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
      />
      <Box
        aria-hidden
        pos="absolute"
        style={{
          inset: '18% 10%',
          border: '3px solid rgba(255, 255, 255, 0.85)',
          borderRadius: 'var(--mantine-radius-md)',
          boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.25)',
        }}
      />
      {state.kind !== 'scanning' && (
        <Stack pos="absolute" inset={0} align="center" justify="center" p="md" gap="sm">
          {state.kind === 'starting' && <Loader color="white" />}
          <Text c="white" fw={600} size="lg" ta="center" role={state.kind === 'failed' ? 'alert' : 'status'}>
            {state.kind === 'starting' ? t('scan.starting') : t(`scan.failed.${state.reason}`)}
          </Text>
        </Stack>
      )}
    </Box>
  );
}

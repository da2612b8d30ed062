// The tally's camera: a full-screen view for a gloved prompter on deck. A large viewfinder reads every
// label that comes into it (no tap per label); the lift being gathered is listed beside it (landscape)
// or below it (portrait), with the hold and the validate button in reach of the thumb.
import { ActionIcon, Box, Button, Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecord } from '../../store/hooks';
import { IconClose } from '../../ui/icons';
import { NARROW, useMedia } from '../../ui/useMedia';
import { HOLDS, LiftItem, type Tally, TallyAlert } from '../tally';
import { scanRuleOf } from './rule';
import { type CameraState, useCamera } from './useCamera';
import { Viewfinder } from './Viewfinder';

/** Landscape with room for two columns: the viewfinder beside the lift. */
const SIDE_BY_SIDE = '(min-aspect-ratio: 5/4) and (min-width: 56em)';

interface Props {
  projectId: string;
  tally: Tally;
  onClose: () => void;
}

export function ScanView({ projectId, tally, onClose }: Props) {
  const { t } = useTranslation('tally');
  const project = useRecord('project', projectId);
  const rule = scanRuleOf(project);
  const ruleRef = useRef(rule);
  ruleRef.current = rule;
  const video = useRef<HTMLVideoElement>(null);
  const state: CameraState = useCamera(video, (label) => void tally.scan(label, ruleRef.current));
  const wide = useMedia(SIDE_BY_SIDE);
  const narrow = useMedia(NARROW);

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      padding="sm"
      aria-label={t('scan.title')}
      data-testid="scan-view"
    >
      <Stack gap="sm" h="calc(100dvh - 2 * var(--mantine-spacing-sm))">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h3">
            {t('scan.title')}
          </Title>
          {narrow ? (
            <ActionIcon
              size={56}
              variant="default"
              aria-label={t('scan.close')}
              onClick={onClose}
              data-testid="scan-close"
            >
              <IconClose size={28} />
            </ActionIcon>
          ) : (
            <Button
              size="lg"
              variant="default"
              leftSection={<IconClose />}
              onClick={onClose}
              data-testid="scan-close"
            >
              {t('scan.close')}
            </Button>
          )}
        </Group>
        <Box
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-sm)',
            gridTemplateColumns: wide ? 'minmax(0, 3fr) minmax(18rem, 2fr)' : 'minmax(0, 1fr)',
            gridTemplateRows: wide ? 'minmax(0, 1fr)' : 'minmax(12rem, 40dvh) minmax(0, 1fr)',
            flex: 1,
            minHeight: 0,
          }}
        >
          <Viewfinder video={video} state={state} />
          <Stack gap="sm" mih={0}>
            <NativeSelect
              size="xl"
              label={t('hold')}
              data={[{ value: '', label: t('scan.pick_hold') }, ...HOLDS.map(String)]}
              value={tally.hold === null ? '' : String(tally.hold)}
              onChange={(event) =>
                tally.setHold(event.currentTarget.value ? Number(event.currentTarget.value) : null)
              }
              data-testid="scan-hold"
            />
            {tally.message && <TallyAlert message={tally.message} testId="scan-message" />}
            {/* The list scrolls; the validate button stays under it, in reach. */}
            <Stack gap={6} data-testid="scan-lift" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
              {tally.basket.length === 0 && <Text c="dimmed">{t('scan.lift_empty')}</Text>}
              {tally.basket.map((item) => (
                <LiftItem key={item.id} item={item} onDrop={tally.drop} size="xl" testId="scan-lift-item" />
              ))}
            </Stack>
            <Button
              size="xl"
              color="teal"
              fullWidth
              mih={64}
              onClick={() => void tally.validate()}
              disabled={tally.basket.length === 0}
              loading={tally.busy}
              data-testid="scan-validate"
            >
              {t('validate', { count: tally.basket.length })}
            </Button>
          </Stack>
        </Box>
      </Stack>
    </Modal>
  );
}

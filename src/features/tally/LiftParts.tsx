// What the tally and its camera view both show: the last message (refusals loud) and an item of the lift
// being gathered, with its remove button.
import { ActionIcon, Alert, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowOfResource } from '../../store/schema';
import { IconClose } from '../../ui/icons';
import type { TallyMessage } from './useTally';

export const HOLDS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const TONE_COLOR = { ok: 'teal', warning: 'orange', refused: 'red' } as const;

export const referenceOf = (item: RowOfResource<'packing-list'>) => item.reference ?? '';

export function TallyAlert({ message, testId }: { message: TallyMessage; testId: string }) {
  return (
    <Alert
      color={TONE_COLOR[message.tone]}
      variant="filled"
      role={message.tone === 'refused' ? 'alert' : 'status'}
      data-testid={testId}
      data-tone={message.tone}
      styles={{ message: { fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {message.text}
    </Alert>
  );
}

interface LiftItemProps {
  item: RowOfResource<'packing-list'>;
  onDrop: (id: string) => void;
  /** The reference's size: larger in the camera view, read at arm's length. */
  size: 'lg' | 'xl';
  testId: string;
  /** More actions, before the remove button. */
  children?: ReactNode;
}

export function LiftItem({ item, onDrop, size, testId, children }: LiftItemProps) {
  const { t } = useTranslation('tally');
  const reference = referenceOf(item);
  return (
    <Paper withBorder px="sm" py={4} data-testid={testId}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size={size} fw={size === 'xl' ? 700 : 600}>
          {reference}
        </Text>
        <Group gap={4} wrap="nowrap">
          {children}
          <ActionIcon
            size="xl"
            variant="subtle"
            color="dark"
            aria-label={t('remove', { reference })}
            onClick={() => onDrop(item.id)}
          >
            <IconClose />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

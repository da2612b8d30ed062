import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './entry.module.css';

/**
 * One entry of an administration list as a card: its name, what describes it, its badges and its
 * actions, wrapping at any width (a phone, a tablet, a desktop: no sideways scroll); on a phone the
 * actions filling the rows under the name.
 */
export function EntryCard(props: {
  title: string;
  details?: (string | null | undefined)[];
  badges?: ReactNode;
  actions: ReactNode;
  testId?: string;
}) {
  const details = (props.details ?? []).filter((detail): detail is string => !!detail);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={props.testId}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {props.title}
            </Text>
            {props.badges}
          </Group>
          {details.length > 0 && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {details.join(' · ')}
            </Text>
          )}
        </Stack>
        <div className={classes.actions}>{props.actions}</div>
      </Group>
    </Paper>
  );
}

import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionPanelProps {
  title: string;
  /** `section-<testId>`, as the browser tests find a section. */
  testId: string;
  /** The section's buttons (Filters, Add...), beside its title and under it when the row is full. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One section of a record's workspace (packing list, incidences, photos): its title, its actions, its body. */
export function SectionPanel({ title, testId, actions, children }: SectionPanelProps) {
  return (
    <Paper withBorder p="md" data-testid={`section-${testId}`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Paper>
  );
}

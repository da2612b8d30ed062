import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../store/hooks';
import { LooseCounterModal } from './LooseCounterModal';

/** The project page's loose counter section: how many entries, and the modal that lists and edits them. */
export default function LooseCounterSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation('packing');
  const [opened, setOpened] = useState(false);
  const count = useCount('remaining-parts', (table) => table.where('project').equals(projectId), [projectId]);
  return (
    <Paper withBorder p="md" data-testid="section-loose_counter">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h4">
            {t('loose.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('loose.count', { count: count ?? 0 })}
          </Text>
        </div>
        <Button size="md" variant="default" onClick={() => setOpened(true)} data-testid="loose-open">
          {t('loose.open')}
        </Button>
      </Group>
      <LooseCounterModal projectId={projectId} opened={opened} onClose={() => setOpened(false)} />
    </Paper>
  );
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { importDb } from '../../sync/files/imports';
import { ImportErrors } from './ImportErrors';

/** Files of this project waiting to import (offline), or refused when sent: say so, with the errors. */
export function QueuedImports({ projectId }: { projectId: string }) {
  const { t } = useTranslation('packing');
  const queued = useLiveQuery(
    async () => (await importDb()?.imports.where('project').equals(projectId).toArray()) ?? [],
    [projectId],
  );
  if (!queued?.length) return null;
  return (
    <Stack gap="xs" mb="sm" data-testid="queued-imports">
      {queued.map((entry) =>
        entry.state === 'failed' ? (
          <Stack key={entry.id} gap={4}>
            <ImportErrors lines={entry.errors} />
            <Group justify="space-between">
              <Text size="sm">{entry.name}</Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void importDb()?.imports.delete(entry.id)}
              >
                {t('import.discard')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Alert key={entry.id} color="yellow" data-testid="queued-import" data-state={entry.state}>
            {t(entry.state === 'uploading' ? 'import.importing' : 'import.waiting', { name: entry.name })}
          </Alert>
        ),
      )}
    </Stack>
  );
}

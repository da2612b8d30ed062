import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { importDb, refusalOf } from '../../sync/files/imports';
import { ImportErrors } from './ImportErrors';
import { ImportIgnored } from './ImportIgnored';

/**
 * Files of this project waiting to import (offline), refused when sent (with the errors), or imported
 * with columns the server did not read (said until the user dismisses it).
 */
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
        entry.state === 'imported' && entry.outcome ? (
          <Stack key={entry.id} gap={4} data-testid="queued-import-done">
            <ImportIgnored outcome={entry.outcome} name={entry.name} />
            <Group justify="flex-end">
              <Button size="xs" variant="subtle" onClick={() => void importDb()?.imports.delete(entry.id)}>
                {t('import.dismiss')}
              </Button>
            </Group>
          </Stack>
        ) : entry.state === 'failed' ? (
          <Stack key={entry.id} gap={4}>
            <ImportErrors refusal={refusalOf(entry)} />
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

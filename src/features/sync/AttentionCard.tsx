import { Alert, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { retryEntry } from '../../store/attention';
import type { LocalDb } from '../../store/db';
import type { AttentionItem } from '../../store/queries';
import { conflictDetail, DESCRIBE_NAMESPACES, type Described, describeChange } from './describe';
import classes from './sync.module.css';

function ServerWords({ item, described }: { item: AttentionItem; described: Described }) {
  const { t } = useTranslation('sync');
  const { entry } = item;
  const lines =
    entry.outcome === 'conflict'
      ? [
          entry.detail === 'deleted'
            ? t('attention.conflict.deleted')
            : t('attention.conflict.other', { detail: conflictDetail(t, entry) }),
        ]
      : described.words;
  return (
    <Alert color="red" title={t('attention.server_says')} data-testid="server-words">
      <Text size="sm" className={classes.words}>
        {lines.join('\n')}
      </Text>
    </Alert>
  );
}

function UserData({ described }: { described: Described }) {
  const { t } = useTranslation('sync');
  if (described.fields.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('attention.your_data')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="user-data">
        <Table.Tbody>
          {described.fields.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed">{label}</Table.Td>
              <Table.Td className={classes.words}>{value || t('attention.empty_value')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

interface AttentionCardProps {
  db: LocalDb;
  item: AttentionItem;
  onFix: () => void;
  onDiscard: () => void;
}

/**
 * One refused change, as a person knows it: "Change to Coil SL-24-1735 in hand Gang 2", who made it and
 * when (local time), the server's words under each field's label, the data with names instead of ids.
 */
export function AttentionCard({ db, item, onFix, onDiscard }: AttentionCardProps) {
  const { t, i18n } = useTranslation(DESCRIBE_NAMESPACES);
  const described = useLiveQuery(
    () => describeChange(db, t, i18n.language, item),
    [db, item, t, i18n.language],
  );
  const { entry } = item;
  return (
    <Card withBorder data-testid="attention-item">
      <Stack gap="xs">
        {described && (
          <>
            <Text fw={600} data-testid="attention-title">
              {described.title}
            </Text>
            <Text size="sm" c="dimmed" data-testid="attention-by">
              {described.by
                ? t('sync:describe.by', { user: described.by, at: described.at })
                : t('sync:describe.at', { at: described.at })}
            </Text>
            <ServerWords item={item} described={described} />
            <UserData described={described} />
          </>
        )}
        <Group gap="xs">
          {entry.op !== 'delete' && (
            <Button onClick={onFix} data-testid="attention-fix">
              {t('sync:attention.fix')}
            </Button>
          )}
          <Button variant="light" onClick={() => void retryEntry(db, entry.mutation_id)}>
            {t('sync:attention.retry')}
          </Button>
          <Button color="red" variant="subtle" onClick={onDiscard} data-testid="attention-discard">
            {t('sync:attention.discard')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

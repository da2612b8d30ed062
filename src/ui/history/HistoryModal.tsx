import { Alert, Badge, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline } from '../../api/http';
import type { HistoryEntry } from '../../domain/history';
import { lookupLabel } from '../../domain/reference/label';
import type { ResourceName } from '../../domain/registry';
import type { LocalDb } from '../../store/db';
import { useLocalDb } from '../../store/hooks';
import { formatDateTime } from '../format';
import { labelOf } from '../lookups';
import { loadHistory, type RecordHistory } from './history';
import { fieldLabel, historyNamespaces, refsIn, valueText } from './values';

interface Line {
  key: string;
  who: string;
  when: string;
  action: 'create' | 'update' | 'delete';
  note: string | null;
  pending: boolean;
  /** A change that lost to a later one on the same field: kept, not applied. */
  lost: boolean;
  changes: { field: string; from: unknown; to: unknown }[];
}

function linesOf(history: RecordHistory, userNames: Map<string, string>): Line[] {
  const server = (history.server?.entries ?? []).map((entry: HistoryEntry, index) => ({
    key: `s${index}`,
    who: entry.user ? lookupLabel('users', entry.user, 'en') : '',
    when: entry.occurred_at ?? entry.at,
    action: entry.action,
    note: entry.note,
    pending: false,
    lost: entry.note?.startsWith('superseded') === true,
    // A lost change keeps the value sent as its `from`: it is shown as what was sent.
    changes: Object.entries(entry.changes).map(([field, change]) =>
      entry.note?.startsWith('superseded')
        ? { field, from: undefined, to: change.from }
        : { field, ...change },
    ),
  }));
  // Nothing from the server on this device: the record's own row says who made and last changed it.
  const row = history.row;
  const fromRow: Line[] =
    history.server === null && row && typeof row.version === 'number' && row.version > 0
      ? [
          {
            key: 'created',
            who: userNames.get(String(row.created_by)) ?? '',
            when: String(row.created_at ?? ''),
            action: 'create',
            note: null,
            pending: false,
            lost: false,
            changes: [],
          },
          ...(row.updated_at && row.updated_at !== row.created_at
            ? [
                {
                  key: 'updated',
                  who: userNames.get(String(row.updated_by)) ?? '',
                  when: String(row.updated_at),
                  action: 'update' as const,
                  note: null,
                  pending: false,
                  lost: false,
                  changes: [],
                },
              ]
            : []),
        ]
      : [];
  const pending = history.pending.map((change, index) => ({
    key: `p${index}`,
    who: '',
    when: change.occurred_at,
    action: change.op,
    note: null,
    pending: true,
    lost: false,
    changes: Object.entries(change.data ?? {}).map(([field, to]) => ({ field, from: undefined, to })),
  }));
  return [...server, ...fromRow, ...pending].reverse();
}

/** The names of the records the history's values refer to, and of the users, as this device knows them. */
async function namesFor(db: LocalDb, resource: ResourceName, history: RecordHistory, language: string) {
  const refs = new Map<ResourceName, Set<string>>();
  const changes = [
    ...(history.server?.entries ?? []).map((entry) => entry.changes),
    ...history.pending.map((change) =>
      Object.fromEntries(Object.entries(change.data ?? {}).map(([field, to]) => [field, { from: null, to }])),
    ),
  ];
  for (const entry of changes)
    for (const [field, change] of Object.entries(entry))
      refsIn(resource, [change.from, change.to], field, refs);
  const users = refs.get('users') ?? new Set<string>();
  for (const id of [history.row?.created_by, history.row?.updated_by])
    if (typeof id === 'string') users.add(id);
  refs.set('users', users);
  const names = new Map<string, string>();
  for (const [target, ids] of refs) {
    const rows = await db.rows(target).bulkGet([...ids]);
    rows.forEach((row) => {
      if (row) names.set(row.id, labelOf(target, row, language));
    });
  }
  return names;
}

/** A record's history: newest first, unsent changes on top, in local time; the copy kept when offline. */
export default function HistoryModal(props: {
  resource: ResourceName;
  id: string;
  title: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(historyNamespaces);
  const db = useLocalDb();
  const [history, setHistory] = useState<RecordHistory | null>(null);
  useEffect(() => {
    if (!db) return;
    let live = true;
    void loadHistory(db, props.resource, props.id, isOnline()).then((loaded) => {
      if (live) setHistory(loaded);
    });
    return () => {
      live = false;
    };
  }, [db, props.resource, props.id]);
  const names = useLiveQuery(
    async () => (db && history ? namesFor(db, props.resource, history, i18n.language) : undefined),
    [db, history, props.resource, i18n.language],
  );
  const lines = history && names ? linesOf(history, names) : null;
  const actionText = (line: Line) =>
    t(
      line.action === 'create'
        ? 'history:created'
        : line.action === 'delete'
          ? 'history:deleted'
          : 'history:changed',
    );

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('history:title', { name: props.title })}
      size="lg"
      centered
    >
      <Stack gap="sm" data-testid="history">
        {!lines && <Loader />}
        {history?.stale && history.server && (
          <Alert color="gray">
            {t('history:as_of', { when: formatDateTime(history.server.fetched_at) })}
          </Alert>
        )}
        {history?.stale && !history.server && <Alert color="gray">{t('history:not_here')}</Alert>}
        {lines?.length === 0 && <Text c="dimmed">{t('history:nothing')}</Text>}
        {lines?.map((line) => (
          <Paper key={line.key} withBorder p="sm" data-testid="history-entry">
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{actionText(line)}</Text>
              {line.pending && (
                <Badge color="yellow" variant="light">
                  {t('history:not_sent')}
                </Badge>
              )}
              {line.note === 'merge' && <Badge variant="light">{t('history:merge')}</Badge>}
              {line.lost && (
                <Badge color="gray" variant="light">
                  {t('history:lost')}
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                {[line.pending ? t('history:this_device') : line.who, formatDateTime(line.when)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Group>
            {line.changes.map((change) => (
              <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600}>
                  {fieldLabel(t, props.resource, change.field)}:
                </Text>{' '}
                {line.action === 'update' && change.from !== undefined && (
                  <>
                    {valueText(
                      t,
                      props.resource,
                      change.field,
                      change.from,
                      names ?? new Map(),
                      i18n.language,
                    )}
                    {' → '}
                  </>
                )}
                {valueText(t, props.resource, change.field, change.to, names ?? new Map(), i18n.language)}
              </Text>
            ))}
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}

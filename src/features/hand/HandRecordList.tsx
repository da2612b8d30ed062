import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import type { FieldName } from '../../domain/rows';
import type { RowOfResource } from '../../store/schema';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import type { Values } from '../../ui/form';
import { IconPlus } from '../../ui/icons';
import { RecordModal } from '../../ui/RecordModal';
import { RowActions } from '../../ui/RowActions';

interface Props<N extends ResourceName, Item> {
  handId: string;
  resource: N;
  /** The hand namespace's key group of the list: title, add, empty, new, edit. */
  keys: 'events' | 'incidences';
  fields: readonly FieldName<N>[];
  items: Item[] | undefined;
  rowOf: (item: Item) => RowOfResource<N>;
  /** The card's text; the actions are added beside it. */
  body: (item: Item) => ReactNode;
  /** What the delete confirmation names the record by. */
  titleOf: (item: Item) => string;
  testId: string;
  itemTestId: string;
}

/** A hand's list of records as cards (events, incidences): add, edit and delete with confirmation. */
export function HandRecordList<N extends ResourceName, Item>(props: Props<N, Item>) {
  const { t } = useTranslation(['hand', 'ui']);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<{ record: Values | null } | null>(null);
  const { keys } = props;

  return (
    <Paper withBorder p="md" data-testid={props.testId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t(`${keys}.title`)}
        </Title>
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({ record: null })}>
          {t(`${keys}.add`)}
        </Button>
      </Group>
      {props.items?.length === 0 && <Text c="dimmed">{t(`${keys}.empty`)}</Text>}
      <Stack gap="xs">
        {props.items?.map((item) => {
          const row = props.rowOf(item);
          return (
            <Paper key={row.id} withBorder p="sm" data-testid={props.itemTestId}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                {/* Takes the room beside the actions and wraps in it: a long word never pushes them out. */}
                <Stack gap={2} miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {props.body(item)}
                </Stack>
                <RowActions
                  edit={() => setEditing({ record: row })}
                  remove={{
                    resource: props.resource,
                    id: row.id,
                    title: props.titleOf(item),
                    ask: confirm.ask,
                  }}
                />
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <RecordModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        resource={props.resource}
        ns="hand"
        title={editing?.record ? t(`${keys}.edit`) : t(`${keys}.new`)}
        record={editing?.record ?? {}}
        fixed={{ hand: props.handId }}
        fields={props.fields}
        testId={`${props.itemTestId}-modal`}
      />
      {confirm.dialog}
    </Paper>
  );
}

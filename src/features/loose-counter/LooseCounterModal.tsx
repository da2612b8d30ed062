import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { looseLabelColorHex } from '../../domain/enums';
import { save } from '../../store/active';
import { useCount, useList } from '../../store/hooks';
import type { ListQuery } from '../../store/queries';
import type { RowOfResource } from '../../store/schema';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { fieldError, otherErrors } from '../../ui/fieldErrors';
import { useRecordForm } from '../../ui/form';
import { IconPlus } from '../../ui/icons';
import { DataTable } from '../../ui/list/DataTable';
import { notifyUpdated } from '../../ui/notices';
import { useNumbers } from '../../ui/numbers';
import { Pager } from '../../ui/Pager';
import { RowActions } from '../../ui/RowActions';
import { SyncMark } from '../../ui/SyncMark';
import { useLastPageWhenPast } from '../../ui/useLastPageWhenPast';
import { ColorChips, LabelColorSelect } from '../packing-list';
import { parseQuantity } from './decimal';

const LOOSE_PAGE_SIZE = 5;
type Entry = RowOfResource<'remaining-parts'>;
/** The colours of an entry or of the form's values (a list of texts; anything else is none). */
const colorsOf = (values: { label_color?: unknown } | null): string[] =>
  Array.isArray(values?.label_color) ? values.label_color.filter((color) => typeof color === 'string') : [];

function EntryForm({ projectId, row, onDone }: { projectId: string; row: Entry | null; onDone: () => void }) {
  const { t } = useTranslation(['packing', 'ui']);
  const form = useRecordForm({
    label_color: colorsOf(row),
    quantity: typeof row?.quantity === 'string' ? row.quantity : '',
  });
  const [quantityError, setQuantityError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const quantity = parseQuantity(String(form.values.quantity ?? ''));
    if (quantity === null) {
      setQuantityError(t('loose.quantity_invalid', { field: t('fields.quantity') }));
      return;
    }
    const result = await form.submit((values) =>
      save('remaining-parts', {
        ...(row ? { id: row.id } : {}),
        project: projectId,
        label_color: values.label_color,
        quantity,
      }),
    );
    if (!result) return;
    notifyUpdated();
    onDone();
  }
  const other = otherErrors(t, 'remaining-parts', form.errors, ['label_color', 'quantity']);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="loose-form">
      <Stack gap="sm">
        {other.length > 0 && <Alert color="red">{other.join(' ')}</Alert>}
        <LabelColorSelect
          label={t('fields.label_color')}
          name="label_color"
          hex={looseLabelColorHex}
          value={colorsOf(form.values)}
          onChange={(value) => form.set('label_color', value)}
          error={fieldError(t, 'remaining-parts', t('fields.label_color'), form.errors.label_color)}
        />
        <TextInput
          label={t('fields.quantity')}
          name="quantity"
          size="md"
          inputMode="decimal"
          value={String(form.values.quantity ?? '')}
          onChange={(event) => {
            setQuantityError(null);
            form.set('quantity', event.currentTarget.value);
          }}
          error={
            quantityError ?? fieldError(t, 'remaining-parts', t('fields.quantity'), form.errors.quantity)
          }
        />
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onDone}>
            {t('ui:form.close')}
          </Button>
          <Button type="submit" size="md" loading={form.busy} data-testid="loose-save">
            {t('ui:form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The aluminium loose counter: remaining parts of the project, 5 a page, with add, edit and delete. */
export function LooseCounterModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('packing');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ row: Entry | null } | null>(null);
  const confirm = useConfirmDelete();
  const numbers = useNumbers();
  const range = (table: Parameters<ListQuery<'remaining-parts'>>[0]) =>
    table.where('project').equals(projectId);
  const total = useCount('remaining-parts', range, [projectId]);
  const rows = useList(
    'remaining-parts',
    (table) =>
      range(table)
        .offset((page - 1) * LOOSE_PAGE_SIZE)
        .limit(LOOSE_PAGE_SIZE),
    [projectId, page],
  );
  // Deleting the last entry of the last page shows the page before it, not an empty one.
  useLastPageWhenPast(total, page, LOOSE_PAGE_SIZE, setPage);
  return (
    <Modal opened={opened} onClose={onClose} title={t('loose.title')} size="xl" data-testid="loose-modal">
      {editing ? (
        <EntryForm
          key={editing.row?.id ?? 'new'}
          projectId={projectId}
          row={editing.row}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button
              size="md"
              leftSection={<IconPlus size={18} />}
              onClick={() => setEditing({ row: null })}
              data-testid="loose-add"
            >
              {t('loose.add')}
            </Button>
          </Group>
          <DataTable<Entry>
            rows={rows}
            rowKey={(row) => row.id}
            testId="loose-table"
            rowTestId="loose-row"
            label={t('loose.title')}
            empty={t('loose.empty')}
            opens={(row) => () => setEditing({ row })}
            title={{
              header: t('fields.label_color'),
              cell: (row) =>
                colorsOf(row).length > 0 ? (
                  <ColorChips colors={colorsOf(row)} hex={looseLabelColorHex} />
                ) : (
                  t('loose.no_color')
                ),
            }}
            marks={(row) => <SyncMark row={row} />}
            columns={[
              {
                key: 'quantity',
                header: t('fields.quantity'),
                cell: (row) => numbers.number(row.quantity),
                numeric: true,
              },
            ]}
            actions={(row) => (
              <RowActions
                edit={() => setEditing({ row })}
                remove={{
                  resource: 'remaining-parts',
                  id: row.id,
                  title: numbers.number(row.quantity),
                  ask: confirm.ask,
                }}
              />
            )}
          />
          <Pager
            name="loose-pager"
            page={page}
            pageSize={LOOSE_PAGE_SIZE}
            total={total ?? 0}
            onChange={setPage}
          />
        </Stack>
      )}
      {confirm.dialog}
    </Modal>
  );
}

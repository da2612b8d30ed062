import { Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf as text } from '../../../domain/reference/label';
import type { ResourceName } from '../../../domain/registry';
import { update } from '../../../store/active';
import { useList } from '../../../store/hooks';
import type { LocalRow } from '../../../store/schema';
import { HistoryButton } from '../../../ui/history/HistoryButton';
import { labelOf } from '../../../ui/lookups';
import { notifyUpdated } from '../../../ui/notices';
import { ReferenceModal } from '../../../ui/QuickAdd';
import { EntryCard } from '../ui/EntryCard';
import { EntryList } from '../ui/EntryList';
import { ListFilters } from '../ui/ListFilters';
import { useListPage } from '../ui/useListPage';
import { DeleteModal } from './DeleteModal';
import { referenceLists, searchText } from './lists';
import { MergeModal } from './MergeModal';

type Shown = 'current' | 'retired' | 'all';
// The reference list shown is the one the admin picks (a lookup resource named at run time): LocalRow.
type Open = { kind: 'new' } | { kind: 'edit' | 'merge' | 'delete'; entry: LocalRow } | null;

/** What identifies an entry besides its name: a code, an IMO number, a time zone, a kind... */
function detailsOf(t: (key: string) => string, row: LocalRow): string[] {
  const details = [
    text(row.code),
    text(row.imo) && `IMO ${text(row.imo)}`,
    text(row.call_sign),
    text(row.time_zone),
  ];
  for (const field of ['kind', 'operation', 'vessel_type'])
    if (typeof row[field] === 'string') details.push(t(`choices.${row[field]}`));
  if (typeof row.legal_name === 'string') details.push(row.legal_name, text(row.tax_id), text(row.email));
  return details.filter(Boolean);
}

/** Reference lists (admins): every list in one place, searched and paged, entries added, edited, merged, retired. */
export default function ReferencePage() {
  const { t, i18n } = useTranslation('admin');
  const [resource, setResource] = useState<ResourceName>('vessel');
  const [shown, setShown] = useState<Shown>('current');
  const [open, setOpen] = useState<Open>(null);
  const rows = useList(resource);
  const language = i18n.language;
  const name = useCallback((row: LocalRow) => labelOf(resource, row, language), [resource, language]);
  const sorted = useMemo(
    () => (rows ? [...rows].sort((a, b) => name(a).localeCompare(name(b))) : undefined),
    [rows, name],
  );
  const keep = useCallback(
    (row: LocalRow) => shown === 'all' || (row.retired === true) === (shown === 'retired'),
    [shown],
  );
  const list = useListPage(sorted, searchText, keep);
  const close = () => setOpen(null);
  const others = (entry: LocalRow) =>
    (sorted ?? []).filter((row) => row.id !== entry.id).map((row) => ({ value: row.id, label: name(row) }));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('pages.reference')}</Title>
        <Button onClick={() => setOpen({ kind: 'new' })}>
          {t('reference.add', { list: t(`lists.${resource}`) })}
        </Button>
      </Group>
      <ListFilters
        before={
          <Select
            label={t('reference.list')}
            name="list"
            data={referenceLists.map((value) => ({ value, label: t(`lists.${value}`) }))}
            value={resource}
            allowDeselect={false}
            onChange={(value) => {
              if (value) setResource(value as ResourceName);
              list.setSearch('');
            }}
            style={{ flex: '1 1 12rem' }}
            comboboxProps={{ withinPortal: true }}
          />
        }
        search={list.search}
        onSearch={list.setSearch}
        shown={shown}
        onShown={setShown}
        choices={[
          { value: 'current', label: t('reference.current') },
          { value: 'retired', label: t('reference.retired') },
          { value: 'all', label: t('all') },
        ]}
      />
      <EntryList list={list} testId="reference-list" pagerName="reference-pager">
        {(entry) => (
          <EntryCard
            key={entry.id}
            title={name(entry)}
            details={detailsOf(t, entry)}
            badges={
              entry.retired === true ? (
                <Badge color="gray" variant="light">
                  {t('reference.retired_one')}
                </Badge>
              ) : null
            }
            actions={
              <>
                <Button variant="default" onClick={() => setOpen({ kind: 'edit', entry })}>
                  {t('edit')}
                </Button>
                <Button variant="default" onClick={() => setOpen({ kind: 'merge', entry })}>
                  {t('reference.merge')}
                </Button>
                {entry.retired === true ? (
                  <Button
                    variant="light"
                    color="teal"
                    onClick={() => void update(resource, entry.id, { retired: false }).then(notifyUpdated)}
                  >
                    {t('reference.restore')}
                  </Button>
                ) : (
                  <Button variant="light" color="red" onClick={() => setOpen({ kind: 'delete', entry })}>
                    {t('reference.delete')}
                  </Button>
                )}
                <HistoryButton resource={resource} id={entry.id} title={name(entry)} />
              </>
            }
          />
        )}
      </EntryList>
      {open?.kind === 'new' && (
        <ReferenceModal
          testId="entry-modal"
          resource={resource}
          record={{}}
          title={t('reference.add', { list: t(`lists.${resource}`) })}
          onClose={close}
        />
      )}
      {open?.kind === 'edit' && (
        <ReferenceModal
          testId="entry-modal"
          resource={resource}
          record={open.entry}
          title={name(open.entry)}
          onClose={close}
        />
      )}
      {open?.kind === 'merge' && (
        <MergeModal
          resource={resource}
          entry={open.entry}
          name={name(open.entry)}
          others={others(open.entry)}
          onClose={close}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteModal resource={resource} entry={open.entry} name={name(open.entry)} onClose={close} />
      )}
    </Stack>
  );
}

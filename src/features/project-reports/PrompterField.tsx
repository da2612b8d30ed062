import { Select } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { fieldError } from '../../ui/fieldErrors';
import type { RecordForm } from '../../ui/form';
import { projectOptions } from './queries';

/** The prompter report's hand and hand event: only this project's (the event narrowed to the chosen hand). */
export function PrompterField({
  name,
  form,
  projectId,
}: {
  name: 'hand' | 'hand_event';
  form: RecordForm;
  projectId: string;
}) {
  const { t } = useTranslation('reports');
  const db = useLocalDb();
  const resource = name === 'hand' ? 'hand' : 'hand-event';
  const options = useLiveQuery(
    () => (db ? projectOptions(db, resource, projectId) : []),
    [db, resource, projectId],
  );
  const hand = typeof form.values.hand === 'string' ? form.values.hand : null;
  const data = (options ?? [])
    .filter((option) => name === 'hand' || !hand || option.hand === hand)
    .map(({ value, label }) => ({ value, label }));
  const value = form.values[name];
  const label = t(`fields.${name}`);
  return (
    <Select
      label={label}
      name={name}
      size="md"
      data={data}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => {
        form.set(name, next);
        if (name === 'hand') form.set('hand_event', null);
      }}
      clearable
      searchable
      error={fieldError(t, 'prompter-report', label, form.errors[name])}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

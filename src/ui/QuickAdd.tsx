import { useTranslation } from 'react-i18next';
import { type ResourceName, resources } from '../domain/registry';
import type { RecordForm, Values } from './form';
import { RecordModal } from './RecordModal';
import { TimeZoneField } from './TimeZoneField';

/** The fields of a reference list's form: its writable fields but `retired` (set by the list's buttons). */
function referenceFields(resource: ResourceName): string[] {
  return Object.keys(resources[resource].fields).filter((field) => field !== 'retired');
}

/** Draws the fields a plain input serves badly (a time zone: chosen from the IANA list). */
function referenceField(label: (name: string) => string) {
  return (name: string, form: RecordForm) =>
    name === 'time_zone' ? <TimeZoneField key={name} form={form} label={label(name)} /> : undefined;
}

/** The field a typed name goes into: a customer's trade name, an event type's description, else name. */
function nameField(resource: ResourceName): string {
  const definition = resources[resource];
  if ('translated' in definition && definition.translated) return definition.translated.en;
  return resource === 'accounts' ? 'trade_name' : 'name';
}

/**
 * Adds or edits an entry of a reference list (a vessel with its IMO number, a port with its UN/LOCODE and
 * time zone, a customer...), saved on this device and synced like any record, online or offline; the
 * server checks IMO numbers, UN/LOCODEs, time zones and repeats again.
 */
export function ReferenceModal(props: {
  resource: ResourceName;
  record: Values;
  title: string;
  onClose: () => void;
  onSaved?: (id: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <RecordModal
      opened
      onClose={props.onClose}
      resource={props.resource}
      ns="admin"
      title={props.title}
      record={props.record}
      fields={referenceFields(props.resource)}
      renderField={referenceField((name) => t(`fields.${name}`))}
      onSaved={props.onSaved}
      testId={props.testId}
    />
  );
}

/**
 * "Add '<typed>'" from a search-select that found nothing: the small form of a new entry, its name as
 * typed. `onSaved` gets its id, for the select to take it.
 */
export default function QuickAddModal(props: {
  resource: ResourceName;
  typed: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <ReferenceModal
      resource={props.resource}
      title={t('reference.add', { list: t(`lists.${props.resource}`) })}
      record={{ [nameField(props.resource)]: props.typed }}
      onClose={props.onClose}
      onSaved={props.onSaved}
      testId="quick-add"
    />
  );
}

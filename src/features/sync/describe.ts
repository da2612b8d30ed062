// How the sync panel names a record and its fields as a person knows them ("Coil SL-24-1735 in hand
// Gang 2", "Crew count: 9", "Vessel: Nordic Star"): never an id, a table name or an ISO timestamp.
import i18next, { type TFunction } from 'i18next';
import { FIELD_NAMESPACE } from '../../domain/field-namespaces';
import { readSaid } from '../../domain/messages';
import { syncColumns } from '../../domain/model';
import { formatNumber } from '../../domain/numbers';
import { textOf as text } from '../../domain/reference/label';
import { getResource, type ResourceName } from '../../domain/registry';
import type { LocalDb } from '../../store/db';
import type { LocalRow, OutboxEntry } from '../../store/schema';
import { fieldMessage, recordMessage } from '../../ui/fieldErrors';
import { knownFieldLabel } from '../../ui/fieldNamespaces';
import { formatDate, formatDateTime, formatSpan } from '../../ui/format';
import { labelOf } from '../../ui/lookups';
import { humanize } from './fixValues';

type Row = Record<string, unknown>;
export const DESCRIBE_NAMESPACES = ['sync', 'common', 'admin', ...new Set(Object.values(FIELD_NAMESPACE))];

/** The field's label in the interface language (its form's label, see knownFieldLabel), else its name in words. */
export function fieldLabel(t: TFunction, resource: ResourceName, field: string): string {
  return knownFieldLabel(t, resource, field) ?? humanize(field);
}

/** A choice in words ('Hold 3' for 'hold_3'); as stored when its namespace has no word for it. */
function choiceLabel(t: TFunction, ns: string | undefined, value: string): string {
  const key = ns ? `${ns}:choices.${value}` : '';
  return key && i18next.exists(key) ? t(key) : humanize(value);
}

/** A record's name as its lists show it; '' rather than its id when it has none. */
function nameIn(resource: ResourceName, row: LocalRow | null | undefined): string {
  const name = row ? labelOf(resource, row) : '';
  return name === row?.id ? '' : name;
}

async function nameOf(db: LocalDb, resource: ResourceName, id: unknown): Promise<string> {
  if (typeof id !== 'string' || !id) return '';
  return nameIn(resource, await db.rows(resource).get(id));
}

/** A field's value as the user reads it: a referenced record by its name, dates as dd/MM/yyyy. */
async function showField(
  db: LocalDb,
  t: TFunction,
  language: string,
  resource: ResourceName,
  field: string,
  value: unknown,
): Promise<string> {
  if (value === null || value === undefined || value === '') return '';
  const info = getResource(resource)?.fields[field]?.info;
  const ns = FIELD_NAMESPACE[resource];
  switch (info?.kind) {
    case 'ref':
      return (await nameOf(db, info.ref as ResourceName, value)) || t('sync:describe.unknown_record');
    case 'refList':
      return (
        await Promise.all(
          (Array.isArray(value) ? value : []).map((id) => nameOf(db, info.ref as ResourceName, id)),
        )
      )
        .filter(Boolean)
        .join(', ');
    case 'date':
      return formatDate(text(value));
    case 'datetime':
      return formatDateTime(text(value));
    case 'bool':
      return t(value === true ? 'ui:yes' : 'ui:no');
    case 'int':
    case 'decimal':
      return formatNumber(value as string | number, language);
    case 'choice':
      return choiceLabel(t, ns, text(value));
    case 'choiceList':
      return (Array.isArray(value) ? value : [])
        .map((choice) => choiceLabel(t, ns, String(choice)))
        .join(', ');
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The record's own name: what its list shows it by. */
async function ownName(db: LocalDb, resource: ResourceName, row: Row, t: TFunction): Promise<string> {
  switch (resource) {
    case 'packing-list':
      return [await nameOf(db, 'commodity', row.commodity), text(row.reference)].filter(Boolean).join(' ');
    case 'hand-event':
      return text(row.description);
    case 'hand-incidence':
      return text(row.issue_description);
    case 'incidence':
      return text(row.description);
    case 'container-report':
      return text(row.container_number);
    case 'project-event':
      return [await nameOf(db, 'event', row.event), formatSpan(text(row.init_date), text(row.end_date))]
        .filter(Boolean)
        .join(' ');
    case 'attachment':
      return text(row.name);
    case 'remaining-parts':
      return (Array.isArray(row.label_color) ? row.label_color : [])
        .map((color) => t(`packing:colors.${String(color)}`))
        .join(', ');
    default:
      return nameIn(resource, { id: '', ...row } as LocalRow);
  }
}

/** Where the record belongs: its hand, else its project. */
async function whereIn(db: LocalDb, row: Row, t: TFunction): Promise<string> {
  const hand = await nameOf(db, 'hand', row.hand ?? row.validation_hand);
  if (hand) return t('sync:describe.in_hand', { hand });
  const project = await db.rows('project').get(text(row.project));
  return project ? t('sync:describe.in_project', { project: text(project.code) || text(project.name) }) : '';
}

/** "Coil SL-24-1735 in hand Gang 2": the record's kind, its name and where it belongs. */
async function describeRecord(db: LocalDb, t: TFunction, resource: ResourceName, row: Row): Promise<string> {
  const kind = t(`sync:resources.${resource}`, { defaultValue: humanize(resource.replace(/-/g, '_')) });
  const name = await ownName(db, resource, row, t);
  const place = resource === 'project' ? '' : await whereIn(db, row, t);
  // An item of the packing list goes by its commodity and reference alone ("Coil SL-24-1735").
  const named = resource === 'packing-list' && name ? name : name ? `${kind} ${name}` : kind;
  return [named, place].filter(Boolean).join(' ');
}

/** Fields the user never typed (ids, versions, stamps): not shown among "your data". */
const INTERNAL = new Set<string>([...syncColumns, '_sync']);

export interface Described {
  title: string;
  /** Who made the change and when, in local time. */
  by: string;
  at: string;
  /** The user's data, each field by its label and value. */
  fields: [string, string][];
  /** The server's words, each field error under the field's label. */
  words: string[];
}

/** Everything the panel says of a refused change, in the interface language. */
export async function describeChange(
  db: LocalDb,
  t: TFunction,
  language: string,
  item: { entry: import('../../store/schema').OutboxEntry; local: LocalRow | null },
): Promise<Described> {
  const { entry, local } = item;
  const data: Row = entry.data ?? (local ? { ...local } : {});
  const record: Row = { ...(local ?? {}), ...data };
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(data)) {
    if (
      INTERNAL.has(name) ||
      // Ids linking records together (a lift's) mean nothing to a person.
      getResource(entry.resource)?.fields[name]?.info.kind === 'uuid' ||
      (entry.op === 'create' && (value === null || value === undefined || value === ''))
    )
      continue;
    fields.push([
      fieldLabel(t, entry.resource, name),
      await showField(db, t, language, entry.resource, name, value),
    ]);
  }
  const words = Object.entries(entry.errors ?? {}).flatMap(([field, messages]) =>
    messages.map((message) => {
      if (field === 'non_field_errors') return recordMessage(t, message);
      const label = fieldLabel(t, entry.resource, field);
      // A domain message's code (one the server keyed: src/sync/push.ts) is worded naming the field; the
      // server's own text is shown after the field's label.
      return readSaid(message) ? fieldMessage(t, entry.resource, label, message) : `${label}: ${message}`;
    }),
  );
  return {
    title: t(`sync:attention.op.${entry.op}`, {
      record: await describeRecord(db, t, entry.resource, record),
    }),
    by: await nameOf(db, 'users', entry.user_id),
    at: formatDateTime(entry.occurred_at),
    fields,
    words,
  };
}

/**
 * A conflict's words after 'Conflict:': a detail the server keyed (another prompter validated the item
 * first, a later change stands) in the user's language; any other (stored before the key was) as it came.
 */
export function conflictDetail(t: TFunction, entry: OutboxEntry): string {
  const keyed = entry.detail_key;
  // A value that is itself a message: the app words only the one it knows ('another prompter', a user
  // the device cannot name); any other leaves the whole detail as the server worded it.
  const nested = Object.values(keyed?.values ?? {}).filter((found) => typeof found === 'object' && found);
  if (nested.some((found) => (found as { key?: unknown }).key !== 'sync.another_prompter'))
    return entry.detail ?? '';
  const value = (name: string) => {
    const found = keyed?.values[name];
    return typeof found === 'object' && found
      ? t('sync:attention.conflict.another_prompter')
      : String(found ?? '');
  };
  switch (keyed?.key) {
    case 'sync.validated_at':
      // When, in the device's local time as the card's other times ('27/11/2026 08:34'), not the instant.
      return t('sync:attention.conflict.validated_at', {
        who: value('who'),
        at: formatDateTime(value('at')) || value('at'),
      });
    case 'sync.validated':
      return t('sync:attention.conflict.validated', { who: value('who') });
    case 'sync.superseded':
      return t('sync:attention.conflict.superseded', { fields: value('fields') });
    default:
      return entry.detail ?? '';
  }
}

// A history's fields and values in words: the field's label from the screen that shows it, references
// by the name the device knows them by, dates in local time, decimals (weights, quantities) as the user reads
// numbers, choices and yes/no translated. No raw id.
import i18next, { type TFunction } from 'i18next';
import { allFields } from '../../domain/columns';
import { FIELD_NAMESPACE } from '../../domain/field-namespaces';
import { formatNumber } from '../../domain/numbers';
import { getResource, type ResourceName } from '../../domain/registry';
import { knownFieldLabel } from '../fieldNamespaces';
import { formatDate, formatDateTime } from '../format';

const namespaceOf = (resource: ResourceName) => FIELD_NAMESPACE[resource] ?? 'admin';

export const historyNamespaces = ['history', 'admin', ...new Set(Object.values(FIELD_NAMESPACE))];

/** The label of a field of `resource` (see knownFieldLabel), else its name spaced. */
export function fieldLabel(t: TFunction, resource: ResourceName, field: string): string {
  return knownFieldLabel(t, resource, field) ?? field.replaceAll('_', ' ');
}

/** The ids of records a history's values refer to, by the resource they belong to. */
export function refsIn(
  resource: ResourceName,
  values: unknown[],
  field: string,
  into: Map<ResourceName, Set<string>>,
) {
  const definition = getResource(resource);
  const info = definition ? allFields(definition)[field]?.info : undefined;
  if (!info?.ref || (info.kind !== 'ref' && info.kind !== 'refList')) return;
  const target = info.ref as ResourceName;
  const ids = into.get(target) ?? new Set<string>();
  for (const value of values)
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string') ids.add(id);
  into.set(target, ids);
}

/**
 * A value of a field in words; `names` holds the names of the records referred to, by id; `language` the
 * interface's, for numbers.
 */
export function valueText(
  t: TFunction,
  resource: ResourceName,
  field: string,
  value: unknown,
  names: Map<string, string>,
  language: string,
): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return t('history:empty');
  const definition = getResource(resource);
  const info = definition ? allFields(definition)[field]?.info : undefined;
  const name = (id: unknown) => (typeof id === 'string' && names.get(id)) || t('history:unknown_record');
  const choice = (option: unknown) => {
    const key = [
      `${namespaceOf(resource)}:choices.${String(option)}`,
      `admin:choices.${String(option)}`,
    ].find((k) => i18next.exists(k));
    return key ? t(key) : String(option);
  };
  switch (info?.kind) {
    case 'ref':
      return name(value);
    case 'refList':
      return Array.isArray(value) ? value.map(name).join(', ') : name(value);
    case 'bool':
      return t(value === true ? 'history:yes' : 'history:no');
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'decimal':
      return typeof value === 'string' || typeof value === 'number'
        ? formatNumber(value, language, 0, info.scale ?? 3) || String(value)
        : String(value);
    case 'choice':
      return choice(value);
    case 'choiceList':
      return Array.isArray(value) ? value.map(choice).join(', ') : choice(value);
    case 'json':
      return t('history:computed');
    default:
      return typeof value === 'object' ? t('history:computed') : String(value);
  }
}

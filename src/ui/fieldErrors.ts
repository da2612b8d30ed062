// A field's refusals as the form shows them: in the interface's language and naming the field ("UN/LOCODE:
// ya lo usa otra entrada de Puertos."). The device's own checks (the domain schema, the repeat check of a
// reference list) refuse with a domain message's code (src/domain/messages.ts: a name and its values),
// worded here from `common:field_errors.<name>`; so does a sync push's refusal the server keyed as one of
// them (src/sync/push.ts keeps its code: a link to a record no longer on the server, 'noRecord', among
// them), and a refusal of a whole change (non_field_errors: no permission, what it depends on refused),
// worded without a field by recordMessage. Any other message is the server's, already worded in the
// request's language (the API client sends Accept-Language), and is shown as it came: no text is read.
import i18next, { type TFunction } from 'i18next';
import { isRecordMessage, readSaid } from '../domain/messages';
import type { ResourceName } from '../domain/registry';
import type { FieldErrors } from '../store/validate';
import { knownFieldLabel } from './fieldNamespaces';

/**
 * One message of `field` (its label), of a record of `resource`, in the interface's language; a whole
 * change's (recordMessage) said without it.
 */
export function fieldMessage(t: TFunction, resource: string, field: string, message: string): string {
  const said = readSaid(message);
  if (!said) return message;
  // A whole change's refusal has no field to name (an import's cell, a change's field, refused so).
  if (isRecordMessage(said.name)) return recordMessage(t, message);
  const values: Record<string, string | number> = { ...said.values, field };
  switch (said.name) {
    case 'item':
      // A list's item is named by its number from 1 ('Grúas (2)' for the index 1).
      return fieldMessage(
        t,
        resource,
        `${field} (${Number.parseInt(String(said.values.index), 10) + 1})`,
        String(said.values.message ?? ''),
      );
    case 'unique': {
      // A reference list's entry names its list; another record (the server's refusal of a repeated
      // value of any resource) is 'another record', not its resource's code name.
      const list = `admin:lists.${said.values.resource}`;
      return i18next.exists(list)
        ? t('common:field_errors.unique', { field, list: t(list) })
        : t('common:field_errors.unique_record', { field });
    }
    case 'notBefore':
    case 'after':
    case 'notLess': {
      const other = String(said.values.field ?? '');
      values.other = knownFieldLabel(t, resource as ResourceName, other) ?? other;
      break;
    }
  }
  return t(`common:field_errors.${said.name}`, values);
}

/**
 * A refusal of a whole change (non_field_errors) in the interface's language: one of the domain's (the
 * server's keyed refusal the device keeps as its code, or the device's own check) from
 * `common:record_errors.<name>`; any other text as it came.
 */
export function recordMessage(t: TFunction, message: string): string {
  const said = readSaid(message);
  return said && isRecordMessage(said.name) ? t(`common:record_errors.${said.name}`, said.values) : message;
}

/** The messages of a field in words, one line; undefined when it has none. */
export function fieldError(
  t: TFunction,
  resource: string,
  field: string,
  errors: readonly string[] | undefined,
): string | undefined {
  if (!errors || errors.length === 0) return undefined;
  return errors.map((message) => fieldMessage(t, resource, field, message)).join(' ');
}

/**
 * The refusals of fields a form does not show (non_field_errors, derived fields), for a banner: each named
 * by its label in the resource's screens' words and in the interface's language, as under a field.
 */
export function otherErrors(
  t: TFunction,
  resource: ResourceName,
  errors: FieldErrors,
  shown: readonly string[],
): string[] {
  return Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([field, list]) =>
      field === 'non_field_errors'
        ? list.map((message) => recordMessage(t, message))
        : list.map((message) =>
            fieldMessage(t, resource, knownFieldLabel(t, resource, field) ?? field, message),
          ),
    );
}

// The domain's validation messages (src/domain/messages.ts: a name and its values, carried as a code) as
// the server's keyed messages, worded in the request's language from en.ts/es.ts. Any other text (a
// refusal the server words itself) is kept as it is.
import { type MessageName, readSaid, type Said } from '../../src/domain/messages.js';
import type { MessageKey } from './en.js';
import { fieldName, say, type Text } from './message.js';

const KEYS: Record<Exclude<MessageName, 'item'>, MessageKey> = {
  required: 'field.required',
  null: 'field.null',
  blank: 'field.blank',
  string: 'field.string',
  nullCharacters: 'field.null_characters',
  moved: 'record.moved',
  number: 'field.number',
  integer: 'field.integer',
  boolean: 'field.boolean',
  date: 'field.date',
  dateTime: 'field.date_time',
  time: 'field.time',
  uuid: 'field.uuid',
  object: 'field.object',
  list: 'field.list',
  choice: 'field.choice',
  duplicate: 'field.duplicate',
  maxLength: 'field.max_length',
  minValue: 'field.min_value',
  maxValue: 'field.max_value',
  maxDigits: 'field.max_digits',
  maxDecimalPlaces: 'field.max_decimals',
  maxWholeDigits: 'field.max_whole',
  noSuchDate: 'field.no_such_date',
  imoFormat: 'field.imo_format',
  imoCheckDigit: 'field.imo_check',
  unLocode: 'field.un_locode',
  timeZone: 'field.time_zone',
  callSign: 'field.call_sign',
  email: 'field.email',
  scanPatternInvalid: 'field.scan_pattern_invalid',
  scanPatternNoRef: 'field.scan_pattern_no_ref',
  scanPatternNested: 'field.scan_pattern_nested',
  scanPatternBackReference: 'field.scan_pattern_backreference',
  scanPatternTooManyRepeats: 'field.scan_pattern_repeats',
  sizeType: 'field.size_type',
  protestRemark: 'signature.protest_remark',
  signatureImage: 'signature.image',
  signedContent: 'signature.hash',
  unique: 'record.unique',
  notBefore: 'field.not_before',
  after: 'field.after',
  notLess: 'field.not_less',
  stoppageAttribution: 'field.stoppage_attribution',
  onlyStoppage: 'field.only_stoppage',
  handWorkingShift: 'field.hand_working_shift',
  labelAluminium: 'import.label_aluminium',
  damageCoils: 'field.damage_coils',
  damageGranite: 'field.damage_granite',
  handProject: 'field.hand_project',
  otherProject: 'field.other_project',
  acceptTerms: 'contact.accept_terms',
};

/** The messages whose `field` is a field of the record's `resource`: said by its label. */
const OF_A_FIELD: ReadonlySet<MessageName> = new Set(['notBefore', 'after', 'notLess']);

function keyed({ name, values }: Said): Text {
  if (OF_A_FIELD.has(name))
    return say(KEYS[name as Exclude<MessageName, 'item'>], {
      field: fieldName(String(values.resource ?? ''), String(values.field ?? '')),
    });
  if (name !== 'item') return say(KEYS[name], values);
  const inner = String(values.message ?? '');
  return say('field.item', { index: values.index ?? '', message: domainMessage(inner) });
}

/** A domain message's code as the server's message; other text as it is. */
export function domainMessage(text: string): Text {
  const found = readSaid(text);
  return found ? keyed(found) : text;
}

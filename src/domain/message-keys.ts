// The domain's messages under their keys in the server's catalogue (server/i18n/en.ts, es.ts), and back:
// the server words a domain message (a code, messages.ts) from its key; a device reads a message the
// server answered keyed ({key, values}, beside its text: a sync push's refusals) back into the domain's
// code, which it words in its user's language (src/ui/fieldErrors.ts). No text is read back.
import { itemMessage, type MessageName, said } from './messages';

/** A value of a keyed message: a number, a text (a field by its code name, a list in words), a message. */
export type KeyedValue = string | number | KeyedMessage;

/** A server's message as its catalogue's key and its values, beside its text in the answer. */
export interface KeyedMessage {
  key: string;
  values: { [name: string]: KeyedValue };
}

/** The key of each domain message (but a list's item, which nests one) in the server's catalogue. */
export const CATALOGUE_KEYS = {
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
  noRecord: 'record.no_pk',
  depends: 'sync.depends',
  forbidden: 'access.forbidden',
  readOnly: 'access.read_only',
  notFound: 'not_found',
  deleted: 'record.deleted',
  immutable: 'record.immutable',
  inUse: 'reference.in_use',
} as const satisfies Record<Exclude<MessageName, 'item'>, string>;

export const ITEM_KEY = 'field.item';

/**
 * A list of values in a keyed message ('Coil, Granite or Aluminium'): its items under '0', '1'..., joined
 * by who words it as the reader's language joins them ('a, b o c' in Spanish).
 */
export const LIST_KEYS = { conjunction: 'list.and', disjunction: 'list.or' } as const;

const NAME_OF = new Map<string, MessageName>(
  Object.entries(CATALOGUE_KEYS).map(([name, key]) => [key, name as MessageName]),
);

/**
 * The domain message's code of a keyed message (a list's item with the code of its own), or null when
 * it is none of the domain's (then its text is what it says).
 */
export function codeOfKeyed({ key, values }: KeyedMessage): string | null {
  if (key === ITEM_KEY) {
    const inner = typeof values.message === 'object' ? codeOfKeyed(values.message) : null;
    return inner === null ? null : itemMessage(String(values.index ?? ''), inner);
  }
  const name = NAME_OF.get(key);
  if (!name) return null;
  const plain: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(values)) if (typeof value !== 'object') plain[field] = value;
  return said(name, plain);
}

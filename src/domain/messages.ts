// Validation messages of the domain, keyed: each is a name and its values, never a sentence. Where zod
// and the field-error lists want text, a message travels as its code ('§maxLength {"max":255}'); who
// shows it words it from its name: the server from its catalogue (server/i18n, in the request's language,
// English for the ERP integrations, in the words of Django REST framework), the app from
// common:field_errors (a whole change's refusal: common:record_errors). Nothing matches a sentence back
// to its message.

/** A value of a message: a number or a text given as it is (a message's code, for an item's message). */
type SaidValue = string | number;

/**
 * The messages that refuse a whole change (`non_field_errors`: what it depends on was refused, no
 * permission, the record gone or not to be changed): the server's, said without a field; every other
 * message names one.
 */
const OF_A_RECORD = [
  'depends',
  'forbidden',
  'readOnly',
  'notFound',
  'deleted',
  'immutable',
  'inUse',
] as const;

const NAMES = [
  'required',
  'null',
  'blank',
  'string',
  'nullCharacters',
  'moved',
  'number',
  'integer',
  'boolean',
  'date',
  'dateTime',
  'time',
  'uuid',
  'object',
  'list',
  'choice',
  'duplicate',
  'maxLength',
  'minValue',
  'maxValue',
  'maxDigits',
  'maxDecimalPlaces',
  'maxWholeDigits',
  'noSuchDate',
  'imoFormat',
  'imoCheckDigit',
  'unLocode',
  'timeZone',
  'callSign',
  'email',
  'scanPatternInvalid',
  'scanPatternNoRef',
  'scanPatternNested',
  'scanPatternBackReference',
  'scanPatternTooManyRepeats',
  'sizeType',
  'protestRemark',
  'signatureImage',
  'signedContent',
  'unique',
  'notBefore',
  'after',
  'notLess',
  'stoppageAttribution',
  'onlyStoppage',
  'handWorkingShift',
  'labelAluminium',
  'damageCoils',
  'damageGranite',
  'handProject',
  'otherProject',
  'acceptTerms',
  'noRecord',
  'item',
  ...OF_A_RECORD,
] as const;

export type MessageName = (typeof NAMES)[number];

const recordNames: ReadonlySet<string> = new Set(OF_A_RECORD);
export const isRecordMessage = (name: MessageName) => recordNames.has(name);

/** A domain message read from its code: its name and values. */
export interface Said {
  name: MessageName;
  values: Readonly<Record<string, SaidValue>>;
}

const MARK = '§';
const isName = (text: string): text is MessageName => (NAMES as readonly string[]).includes(text);

/** The code of the message `name` with `values`: what a refusal carries as text. */
export function said(name: MessageName, values: Readonly<Record<string, SaidValue>> = {}): string {
  return Object.keys(values).length > 0 ? `${MARK}${name} ${JSON.stringify(values)}` : `${MARK}${name}`;
}

/** The message a code stands for, or null for any other text (a server's answer, already worded). */
export function readSaid(text: string): Said | null {
  if (!text.startsWith(MARK)) return null;
  const space = text.indexOf(' ');
  const name = space < 0 ? text.slice(1) : text.slice(1, space);
  if (!isName(name)) return null;
  if (space < 0) return { name, values: {} };
  try {
    const values: unknown = JSON.parse(text.slice(space + 1));
    if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
    const kept = Object.entries(values).filter(
      (entry): entry is [string, SaidValue] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    );
    return { name, values: Object.fromEntries(kept) };
  } catch {
    return null;
  }
}

/** A list's item refused: `index` its path below the field ('2', or '2.name'), `message` a code. */
export const itemMessage = (index: string, message: string) => said('item', { index, message });

export const messages = {
  required: said('required'),
  null: said('null'),
  blank: said('blank'),
  string: said('string'),
  nullCharacters: said('nullCharacters'),
  moved: said('moved'),
  number: said('number'),
  integer: said('integer'),
  boolean: said('boolean'),
  date: said('date'),
  dateTime: said('dateTime'),
  time: said('time'),
  uuid: said('uuid'),
  object: said('object'),
  list: (input: unknown) => said('list', { type: typeName(input) }),
  choice: (input: unknown) => said('choice', { value: String(input) }),
  duplicate: (input: unknown) => said('duplicate', { value: String(input) }),
  maxLength: (max: number) => said('maxLength', { max }),
  minValue: (min: number | string) => said('minValue', { min }),
  maxValue: (max: number | string) => said('maxValue', { max }),
  maxDigits: (max: number) => said('maxDigits', { max }),
  maxDecimalPlaces: (max: number) => said('maxDecimalPlaces', { max }),
  maxWholeDigits: (max: number) => said('maxWholeDigits', { max }),
  noSuchDate: (text: string) => said('noSuchDate', { text }),
  imoFormat: said('imoFormat'),
  imoCheckDigit: said('imoCheckDigit'),
  unLocode: said('unLocode'),
  timeZone: said('timeZone'),
  callSign: said('callSign'),
  email: said('email'),
  scanPatternInvalid: said('scanPatternInvalid'),
  scanPatternNoRef: said('scanPatternNoRef'),
  scanPatternNested: said('scanPatternNested'),
  scanPatternBackReference: said('scanPatternBackReference'),
  scanPatternTooManyRepeats: said('scanPatternTooManyRepeats'),
  sizeType: said('sizeType'),
  protestRemark: said('protestRemark'),
  signatureImage: said('signatureImage'),
  signedContent: said('signedContent'),
  unique: (resource: string, field: string) => said('unique', { resource, field }),
  /** Must not be before the `field` of a record of `resource` (named by its label where it is shown). */
  notBefore: (resource: string, field: string) => said('notBefore', { resource, field }),
  after: (resource: string, field: string) => said('after', { resource, field }),
  notLess: (resource: string, field: string) => said('notLess', { resource, field }),
  stoppageAttribution: said('stoppageAttribution'),
  onlyStoppage: said('onlyStoppage'),
  handWorkingShift: said('handWorkingShift'),
  labelAluminium: said('labelAluminium'),
  damageCoils: said('damageCoils'),
  damageGranite: said('damageGranite'),
  handProject: said('handProject'),
  otherProject: said('otherProject'),
  acceptTerms: said('acceptTerms'),
  /** The server's: a link to a record it does not have (`id`), deleted meanwhile or never sent. */
  noRecord: (id: string) => said('noRecord', { id }),
  /** A change the user may not make, or of a record not there: the device's own checks (store/writes.ts). */
  forbidden: said('forbidden'),
  notFound: said('notFound'),
} as const;

function typeName(input: unknown): string {
  if (input === null) return 'null';
  if (typeof input === 'string') return 'str';
  if (typeof input === 'number') return Number.isInteger(input) ? 'int' : 'float';
  if (typeof input === 'boolean') return 'bool';
  return Array.isArray(input) ? 'list' : typeof input === 'object' ? 'dict' : typeof input;
}

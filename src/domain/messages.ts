// Validation messages, in the words of Django REST framework (the API's error shape is DRF's).
export const messages = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  string: 'Not a valid string.',
  nullCharacters: 'Null characters are not allowed.',
  moved: 'A record cannot move to another project.',
  number: 'A valid number is required.',
  integer: 'A valid integer is required.',
  boolean: 'Must be a valid boolean.',
  date: 'Enter a valid date.',
  dateTime: 'Enter a valid date/time.',
  time: 'Enter a valid time.',
  uuid: 'Must be a valid UUID.',
  object: 'Expected a JSON object.',
  list: (input: unknown) => `Expected a list of items but got type "${typeName(input)}".`,
  choice: (input: unknown) => `"${String(input)}" is not a valid choice.`,
  duplicate: (input: unknown) => `"${String(input)}" is listed more than once.`,
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  minValue: (min: number | string) => `Ensure this value is greater than or equal to ${min}.`,
  maxValue: (max: number | string) => `Ensure this value is less than or equal to ${max}.`,
  maxDigits: (max: number) => `Ensure that there are no more than ${max} digits in total.`,
  maxDecimalPlaces: (max: number) => `Ensure that there are no more than ${max} decimal places.`,
  maxWholeDigits: (max: number) =>
    `Ensure that there are no more than ${max} digits before the decimal point.`,
  noSuchDate: (text: string) => `Enter a valid date: ${text} does not exist.`,
  imoFormat: 'Enter an IMO number of 7 digits, e.g. 9074729.',
  imoCheckDigit: 'This IMO number fails its check digit (the last digit): check the number.',
  unLocode: 'Enter a UN/LOCODE of 5 characters: the country code and 3 letters or digits, e.g. ESVLC.',
  timeZone: 'Enter an IANA time zone, e.g. Europe/Madrid.',
  callSign: 'Enter a call sign of 3 to 10 letters and digits, e.g. 9HA2477.',
  email: 'Enter a valid email address.',
  scanPatternInvalid:
    'This is not a valid regular expression: check its brackets, parentheses and backslashes.',
  scanPatternNoRef: 'Name the reference with a group whose name starts with ref, e.g. (?<ref>[A-Z0-9]+).',
  scanPatternNested:
    'A repeated group may not hold a repetition or a choice, as in (a+)+ or (a|b)*: it can take for ever on some labels.',
  scanPatternBackReference: 'Back-references (\\1, \\k<name>) are not allowed in a scan pattern.',
  scanPatternTooManyRepeats:
    'Too many long repetitions (*, +, {n,}) in one alternative: at most 4, or the pattern can take for ever on some labels.',
  sizeType: 'Enter an ISO 6346 size and type code of 4 characters, e.g. 22G1 or 45R1.',
  protestRemark: 'Say why the statement is signed under protest.',
  signatureImage: 'The signature must be a PNG image (data URL).',
  signedContent: 'Does not match the content signed.',
  unique: (resource: string, field: string) => `A ${resource} with this ${field} already exists.`,
} as const;

function typeName(input: unknown): string {
  if (input === null) return 'null';
  if (typeof input === 'string') return 'str';
  if (typeof input === 'number') return Number.isInteger(input) ? 'int' : 'float';
  if (typeof input === 'boolean') return 'bool';
  return Array.isArray(input) ? 'list' : typeof input === 'object' ? 'dict' : typeof input;
}

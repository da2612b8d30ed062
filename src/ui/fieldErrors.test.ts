// The device's own refusals as a form shows them: each domain message in English and in Spanish, naming
// the field by its label, with its values; the refusals come from the real checks (the domain schema, the
// repeat check of a reference list), not from hand-typed strings. And the label a field is named by, the
// same in the forms, the history and the sync panel.
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeOfKeyed } from '../domain/message-keys';
import { isRecordMessage, itemMessage, messages, said } from '../domain/messages';
import { resources } from '../domain/registry';
import { fieldLabel as syncLabel } from '../features/sync/describe';
import { type FieldErrors, LocalValidationError, validateRecord } from '../store/validate';
import { fieldError, fieldMessage, otherErrors, recordMessage } from './fieldErrors';
import { knownFieldLabel } from './fieldNamespaces';
import { fieldLabel as historyLabel } from './history/values';
import { localeFile, withLocales } from './testing';

type Words = {
  field_errors: Record<string, string>;
  record_errors: Record<string, string>;
  fields: Record<string, string>;
};
const [commonEn, commonEs] = [localeFile<Words>('en', 'common'), localeFile<Words>('es', 'common')];

let en: TFunction;
let es: TFunction;

beforeAll(async () => {
  ({ en, es } = await withLocales(['common', 'admin', 'project']));
});

function refusals(resource: keyof typeof resources, record: Record<string, unknown>): FieldErrors {
  try {
    validateRecord(resources[resource], record);
  } catch (error) {
    if (error instanceof LocalValidationError) return error.fieldErrors;
    throw error;
  }
  throw new Error('not refused');
}

describe("a form's refusals", () => {
  it("a vessel's IMO number failing its check digit, in both languages, naming the field", () => {
    const errors = refusals('vessel', { name: 'Aurora', imo: '9074728' });
    expect(fieldError(en, 'vessel', 'IMO number', errors.imo)).toBe(
      'IMO number: the check digit (the last digit) does not match the others: check the number.',
    );
    expect(fieldError(es, 'vessel', 'Número IMO', errors.imo)).toBe(
      'Número IMO: el dígito de control (el último) no cuadra con los demás: revise el número.',
    );
  });

  it("a port's UN/LOCODE, its time zone and a required name", () => {
    const errors = refusals('port', { code: 'ES', time_zone: 'Mars/Olympus' });
    expect(fieldError(es, 'port', 'UN/LOCODE', errors.code)).toBe(
      'UN/LOCODE: introduzca 5 caracteres, el código del país y 3 letras o dígitos, p. ej. ESVLC.',
    );
    expect(fieldError(es, 'port', 'Zona horaria', errors.time_zone)).toBe(
      'Zona horaria: elija una zona horaria IANA, p. ej. Europe/Madrid.',
    );
    expect(fieldError(es, 'port', 'Nombre', errors.name)).toBe('Nombre: este campo es obligatorio.');
    expect(fieldError(en, 'port', 'Name', errors.name)).toBe('Name: this field is required.');
  });

  it("a SOF signature under protest without its reason, and a signature that is no PNG, in Spanish's words", () => {
    const errors = refusals('sof-signature', {
      sof_report: '0190b1b2-0000-7000-8000-000000000001',
      role: 'master',
      name: 'Capt. Ruiz',
      under_protest: true,
      remark: ' ',
      signed_at: '2026-11-22T10:00:00.000Z',
      content_hash: '0'.repeat(64),
      content: {},
      image: 'data:image/gif;base64,R0',
    });
    expect(fieldError(es, 'sof-signature', 'Observación', errors.remark)).toBe(
      'Observación: diga por qué se firma la relación de hechos bajo protesta.',
    );
    expect(fieldError(es, 'sof-signature', 'Firma', errors.image)).toBe(
      'Firma: la firma debe ser una imagen PNG.',
    );
    expect(fieldError(en, 'sof-signature', 'Signature', errors.image)).toBe(
      'Signature: the signature must be a PNG image.',
    );
    expect(fieldError(es, 'sof-signature', 'Huella', errors.content_hash)).toBe(
      'Huella: no coincide con el contenido firmado.',
    );
  });

  it("a customer's e-mail, and a value too long with its limit", () => {
    const errors = refusals('accounts', { trade_name: 'x'.repeat(400), email: 'ops@' });
    expect(fieldError(es, 'accounts', 'Correo para informes', errors.email)).toBe(
      'Correo para informes: introduzca una dirección de correo válida, p. ej. operaciones@ejemplo.es.',
    );
    expect(fieldError(en, 'accounts', 'Trade name', errors.trade_name)).toMatch(
      /^Trade name: at most \d+ characters\.$/,
    );
  });

  it('a code repeated in a reference list names the list in the language', () => {
    const message = messages.unique('port', 'code');
    expect(fieldMessage(en, 'port', 'UN/LOCODE', message)).toBe(
      'UN/LOCODE: already used by another entry of Ports.',
    );
    expect(fieldMessage(es, 'port', 'UN/LOCODE', message)).toBe(
      'UN/LOCODE: ya lo usa otra entrada de Puertos.',
    );
  });

  it("a list's item is named by its number; a message from the server is shown as it came", () => {
    expect(fieldMessage(es, 'project', 'Grúas', itemMessage('1', messages.choice('tower')))).toBe(
      'Grúas (2): «tower» no es una de sus opciones.',
    );
    expect(fieldMessage(es, 'port', 'UN/LOCODE', 'Ya existe otro puerto con este UN/LOCODE.')).toBe(
      'Ya existe otro puerto con este UN/LOCODE.',
    );
    expect(fieldError(es, 'port', 'UN/LOCODE', undefined)).toBeUndefined();
  });

  it("the server's answer is shown as it came, in the language it was asked in: no words are read back", () => {
    // What an outbox entry stored before the push's answers carried their keys holds for a record deleted
    // meanwhile: the server's text, shown as it came (no sentence is matched).
    const gone = 'Clave "01a21a52-6abb-726b-8b6a-f2dd2951aa91" no válida: el objeto no existe.';
    expect(fieldMessage(es, 'packing-list', 'Mano de validación', gone)).toBe(gone);
    const english = 'This field is required.';
    expect(fieldMessage(es, 'project', 'Nombre', english)).toBe(english);
    // A text that looks like a code but names no domain message is text too.
    expect(fieldMessage(es, 'project', 'Nombre', '§nothing')).toBe('§nothing');
  });

  it("a push's refusal the server keyed is worded from its key in the screen's language", () => {
    // The push answers the text and, beside it, its key (record.no_pk, with the id): the device keeps the
    // domain message's code and words it, whatever language the push was answered in.
    const id = '01a21a52-6abb-726b-8b6a-f2dd2951aa91';
    const gone = codeOfKeyed({ key: 'record.no_pk', values: { id } });
    expect(gone).toBe(messages.noRecord(id));
    expect(fieldMessage(es, 'packing-list', 'Mano de validación', gone ?? '')).toBe(
      'Mano de validación: el registro elegido no está (ya) en el servidor.',
    );
    expect(fieldMessage(en, 'packing-list', 'Validation hand', gone ?? '')).toBe(
      'Validation hand: the record chosen is not on the server (any more).',
    );
    // A list's item nests its message; a rule naming another field gives it by its code name.
    const item = codeOfKeyed({
      key: 'field.item',
      values: { index: '1', message: { key: 'field.choice', values: { value: 'tower' } } },
    });
    expect(fieldMessage(es, 'project', 'Grúas', item ?? '')).toBe(
      'Grúas (2): «tower» no es una de sus opciones.',
    );
    const before = codeOfKeyed({ key: 'field.not_before', values: { field: 'init_date' } });
    expect(fieldMessage(en, 'project', 'End', before ?? '')).toBe(
      `End: must not be before ${knownFieldLabel(en, 'project', 'init_date')}.`,
    );
    // A value another record of any resource holds: 'another record', not the resource's code name.
    const taken = codeOfKeyed({ key: 'record.unique', values: { resource: 'project', field: 'code' } });
    expect(fieldMessage(es, 'project', 'Código', taken ?? '')).toBe(
      'Código: otro registro ya tiene este valor.',
    );
    expect(fieldMessage(en, 'project', 'Code', taken ?? '')).toBe(
      'Code: another record already has this value.',
    );
    // A key none of the domain's messages has (a server's own refusal), or an item nesting one, stays text.
    expect(codeOfKeyed({ key: 'record.changed', values: { sent: 1, now: 2 } })).toBeNull();
    const other = { key: 'field.expected', values: { type: 'number' } };
    expect(codeOfKeyed({ key: 'field.item', values: { index: '0', message: other } })).toBeNull();
  });

  it('a rule naming another field names it by its label, in the language', () => {
    const errors = refusals('project', { name: 'x', init_date: '2026-11-20', end_date: '2026-11-19' });
    expect(fieldError(es, 'project', 'Fin', errors.end_date)).toBe(
      `Fin: no puede ser anterior a ${knownFieldLabel(es, 'project', 'init_date')}.`,
    );
    expect(fieldError(en, 'project', 'End', errors.end_date)).toBe(
      `End: must not be before ${knownFieldLabel(en, 'project', 'init_date')}.`,
    );
    expect(fieldError(es, 'project', 'Fin', errors.end_date)).not.toContain('init_date');
  });

  it("every domain message has its words in both languages, naming the field (a whole change's, none)", () => {
    for (const key of Object.keys(messages) as (keyof typeof messages)[])
      for (const [language, common] of [
        ['en', commonEn],
        ['es', commonEs],
      ] as const) {
        if (isRecordMessage(key)) {
          const text = common.record_errors[key];
          expect(text, `${language} record_errors.${key}`).toMatch(/^\S/);
          expect(text, `${language} record_errors.${key}`).not.toContain('{{field}}');
        } else
          expect(common.field_errors[key], `${language} field_errors.${key}`).toMatch(/^\{\{field\}\}: /);
      }
  });

  it("a push's refusal of a whole change is worded from its key in the screen's language", () => {
    // No permission, what it depends on refused, an entry in use: the device keeps the code of the key
    // the push answered beside its text (src/sync/push.ts) and words it, whatever the push's language.
    const denied = codeOfKeyed({ key: 'access.forbidden', values: {} });
    expect(denied).toBe(messages.forbidden);
    expect(recordMessage(es, denied ?? '')).toBe('No tiene permiso para hacer este cambio.');
    expect(recordMessage(en, denied ?? '')).toBe('You do not have permission to make this change.');
    const depends = codeOfKeyed({ key: 'sync.depends', values: {} }) ?? '';
    expect(recordMessage(es, depends)).toBe('Depende de otro cambio que el servidor rechazó.');
    const inUse = codeOfKeyed({ key: 'reference.in_use', values: { count: 3 } });
    expect(inUse).toBe(said('inUse', { count: 3 }));
    expect(recordMessage(en, inUse ?? '')).toBe('This entry is used by 3 records: retire it instead.');
    expect(recordMessage(es, inUse ?? '')).toBe(
      'Esta entrada la usan 3 registros: retírela en lugar de eliminarla.',
    );
    // A form's banner words it too; a text without a key (stored before, or the server's own) as it came.
    expect(otherErrors(es, 'vessel', { non_field_errors: [depends, 'Ya existe.'] }, [])).toEqual([
      'Depende de otro cambio que el servidor rechazó.',
      'Ya existe.',
    ]);
    // A field's message is worded under its field (fieldMessage), not as a whole change's: left as it is.
    expect(recordMessage(en, messages.required)).toBe(messages.required);
    // Under a field (a cell of an import, a change's field), a whole change's refusal is said without it.
    expect(fieldMessage(es, 'vessel', 'Nombre', denied ?? '')).toBe(
      'No tiene permiso para hacer este cambio.',
    );
    expect(fieldMessage(en, 'packing-list', 'Net weight', inUse ?? '')).toBe(
      'This entry is used by 3 records: retire it instead.',
    );
  });

  it("a refusal of a field the form does not show goes to its banner named by the field's label", () => {
    const errors = { ...refusals('project', { name: 'x'.repeat(300) }), non_field_errors: ['Ya existe.'] };
    expect(otherErrors(es, 'project', errors, [])).toEqual([
      'Nombre: como máximo 255 caracteres.',
      'Ya existe.',
    ]);
    expect(otherErrors(en, 'project', errors, ['name'])).toEqual(['Ya existe.']);
  });

  it("the forms' own checks name their field too, in both languages", () => {
    const own: [string, string, string][] = [
      ['reports', 'signing', 'name_required'],
      ['reports', 'signing', 'remark_required'],
      ['reports', 'signing', 'pad_required'],
      ['packing', 'loose', 'quantity_invalid'],
      ['sync', 'attention', 'raw_invalid'],
    ];
    for (const language of ['en', 'es'])
      for (const [ns, group, key] of own) {
        const words = localeFile<Record<string, Record<string, string>>>(language, ns);
        expect(words[group]?.[key], `${language} ${ns}:${group}.${key}`).toMatch(/^\{\{field\}\}: /);
      }
  });
});

describe("a field's label", () => {
  it("is a resource's own word first: a port's code is its UN/LOCODE, in the forms, the history and the sync panel", () => {
    for (const t of [en, es]) {
      expect(knownFieldLabel(t, 'port', 'code')).toBe('UN/LOCODE');
      expect(historyLabel(t, 'port', 'code')).toBe('UN/LOCODE');
      expect(syncLabel(t, 'port', 'code')).toBe('UN/LOCODE');
    }
    expect(knownFieldLabel(es, 'country', 'code')).toBe('Código ISO del país');
  });

  it("else the word of the screens that edit it, then the reference lists', then the name in words", () => {
    expect(knownFieldLabel(es, 'vessel', 'imo')).toBe('Número IMO');
    expect(knownFieldLabel(es, 'project', 'code')).toBe(localeFile<Words>('es', 'project').fields.code);
    expect(knownFieldLabel(en, 'port', 'no_such_field')).toBeNull();
    expect(historyLabel(en, 'port', 'no_such_field')).toBe('no such field');
    expect(syncLabel(en, 'port', 'no_such_field')).toBe('No such field');
  });
});

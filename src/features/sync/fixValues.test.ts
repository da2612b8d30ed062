import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../store/schema';
import { formatDateTime } from '../../ui/format';
import { conflictDetail } from './describe';
import { fixedFields, fixFields, fromText, humanize, toText } from './fixValues';
import { formatMegabytes, formatRelative, formatStorage } from './format';

const entry = (op: OutboxEntry['op'], data: Record<string, unknown> | null): OutboxEntry => ({
  mutation_id: 'm',
  seq: 1,
  resource: 'hand',
  op,
  record_id: 'r',
  data,
  base_version: null,
  occurred_at: '2026-11-22T10:00:00Z',
  state: 'needs_attention',
  attempts: 1,
  outcome: 'rejected',
  errors: { crew_count: ['must be 0 or more'] },
  detail: null,
  server_row: null,
  depends_on: [],
  user_id: null,
});

describe('fix form values', () => {
  it('offers every writable field of a create and only the changed fields of an update', () => {
    const create = fixFields(entry('create', { event: 'e', crew_count: -1 }));
    expect(create).toContain('crew_count');
    expect(create).toContain('foreman');
    expect(create).not.toContain('project');
    expect(fixFields(entry('update', { crew_count: -1, _ghost: 1 }))).toEqual(['crew_count']);
  });

  it('fixes the field that would move a record to another project once the record exists', () => {
    // A hand takes its project from its event.
    expect(fixedFields(entry('update', { event: 'e2' }), true)).toEqual(['event']);
    expect(fixedFields(entry('create', { event: 'e' }), false)).toEqual([]);
    expect(fixedFields(entry('create', { event: 'e' }), true)).toEqual(['event']);
    expect(fixedFields({ ...entry('update', { project: 'p2' }), resource: 'incidence' }, true)).toEqual([
      'project',
    ]);
    expect(fixedFields({ ...entry('update', { name: 'x' }), resource: 'vessel' }, true)).toEqual([]);
  });

  it('shows text as text and numbers as numbers in the form, everything as JSON in raw mode', () => {
    expect(toText('Gang 2', 'text', 'form')).toBe('Gang 2');
    expect(toText(9, 'int', 'form')).toBe('9');
    expect(toText(null, 'int', 'form')).toBe('');
    expect(toText('Gang 2', 'text', 'raw')).toBe('"Gang 2"');
    expect(toText(['a'], 'refList', 'form')).toBe('["a"]');
  });

  it('reads edits back: empty is null, numbers parsed, bad JSON throws', () => {
    expect(fromText('', 'text', 'form')).toBeNull();
    expect(fromText('12', 'int', 'form')).toBe(12);
    expect(fromText('twelve', 'int', 'form')).toBe('twelve');
    expect(fromText('"x"', 'text', 'raw')).toBe('x');
    expect(() => fromText('{oops', 'text', 'raw')).toThrow(SyntaxError);
    expect(humanize('crew_count')).toBe('Crew count');
  });

  it('formats sizes and relative times in the language asked for', () => {
    expect(formatMegabytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024, 'es')).toBe('1,5 MB');
    // Thousands grouped in Spanish too (Intl alone writes '1234 MB' there).
    expect(formatMegabytes(1234 * 1024 * 1024, 'es')).toBe('1.234 MB');
    expect(formatStorage(1.5 * 1024 ** 3, 'es')).toBe('1,5 GB');
    expect(formatStorage(2345 * 1024 ** 3, 'es')).toBe('2.345 GB');
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(formatRelative('2026-11-22T09:57:00Z', 'en', now)).toBe('3 minutes ago');
  });
});

describe("a conflict's words", () => {
  const words = (language: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', language, 'sync.json'), 'utf8'));
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    initAsync: false,
    resources: { en: { sync: words('en') }, es: { sync: words('es') } },
    interpolation: { escapeValue: false },
  });
  const conflict = (detail: string, detail_key?: OutboxEntry['detail_key']): OutboxEntry => ({
    ...entry('update', { validated: true }),
    outcome: 'conflict',
    errors: null,
    detail,
    detail_key,
  });

  it("words a keyed detail in the user's language, whatever language the push was answered in", () => {
    const validated = conflict('Already validated by another prompter.', {
      key: 'sync.validated',
      values: { who: { key: 'sync.another_prompter', values: {} } },
    });
    expect(conflictDetail(i18n.getFixedT('es'), validated)).toBe('Ya validado por otro apuntador.');
    expect(conflictDetail(i18n.getFixedT('en'), validated)).toBe('Already validated by another prompter.');
    const at = conflict('Ya validado por marta el 2026-11-22T10:00:00Z.', {
      key: 'sync.validated_at',
      values: { who: 'marta', at: '2026-11-22T10:00:00Z' },
    });
    // When, in the device's local time, as the card's other times.
    expect(conflictDetail(i18n.getFixedT('en'), at)).toBe(
      `Already validated by marta at ${formatDateTime('2026-11-22T10:00:00Z')}.`,
    );
    expect(conflictDetail(i18n.getFixedT('en'), at)).not.toContain('T10:00');
  });

  it('shows a detail stored without its key (before it was sent) as it came', () => {
    const old = conflict('Ya validado por marta.');
    expect(conflictDetail(i18n.getFixedT('en'), old)).toBe('Ya validado por marta.');
  });
});

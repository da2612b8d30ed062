import { describe, expect, it } from 'vitest';
import { resourceNames, resources } from '../registry';
import { labelLanguage, lookupLabel } from './label';

describe('lookupLabel', () => {
  it("names a translated entry in the reader's language, its English name when it has no Spanish one", () => {
    const status = { id: 's1', name: 'In progress', name_es: 'En curso' };
    expect(lookupLabel('project-status', status, 'en')).toBe('In progress');
    expect(lookupLabel('project-status', status, 'es')).toBe('En curso');
    expect(lookupLabel('project-status', status, 'es-ES')).toBe('En curso');
    expect(lookupLabel('project-status', { ...status, name_es: '' }, 'es')).toBe('In progress');
    expect(lookupLabel('project-status', { ...status, name_es: null }, 'es')).toBe('In progress');
    const event = { id: 'e1', description: 'Rain', description_es: 'Lluvia', kind: 'stoppage' };
    expect(lookupLabel('event', event, 'es')).toBe('Lluvia');
    expect(
      lookupLabel('report-status', { id: 'r', description: 'Draft', description_es: 'Borrador' }, 'es'),
    ).toBe('Borrador');
    expect(lookupLabel('port', { id: 'p', name: 'Antwerp', name_es: 'Amberes', code: 'BEANR' }, 'es')).toBe(
      'Amberes',
    );
  });

  it('names people, customers, projects and hands the same in both languages', () => {
    const user = { id: 'u', username: 'ana', first_name: 'Ana', last_name: 'Marín' };
    expect(lookupLabel('users', user, 'es')).toBe('Ana Marín (ana)');
    expect(lookupLabel('users', { id: 'u', username: 'ana' }, 'en')).toBe('ana');
    expect(lookupLabel('accounts', { id: 'a', trade_name: 'Siderúrgica Levantina' }, 'es')).toBe(
      'Siderúrgica Levantina',
    );
    expect(lookupLabel('project', { id: 'p', code: 'VLC-24', name: 'Star Lindesnes' }, 'en')).toBe(
      'VLC-24 · Star Lindesnes',
    );
    expect(lookupLabel('hand', { id: 'h', description: '', gang_no: 2 }, 'en')).toBe('#2');
    expect(lookupLabel('vessel', { id: 'v', name: 'BBC Oregon' }, 'es')).toBe('BBC Oregon');
    expect(lookupLabel('vessel', null, 'es')).toBe('');
  });

  it("names any other record by its display's text fields: a packing item by its reference, not its id", () => {
    const id = '01a21a52-6abb-726b-8b6a-f2dd2951aa91';
    expect(lookupLabel('packing-list', { id, reference: 'SL-24-1735', quantity: '1.000' }, 'es')).toBe(
      'SL-24-1735',
    );
    expect(lookupLabel('incidence', { id, description: 'Wet coils' }, 'en')).toBe('Wet coils');
    expect(lookupLabel('container-report', { id, container_number: 'MSCU1234565' }, 'en')).toBe(
      'MSCU1234565',
    );
    expect(lookupLabel('hand', { id, description: 'Gang B', gang_no: 2 }, 'en')).toBe('Gang B');
    // A display of dates or numbers only names nothing in words: the id, as before.
    expect(lookupLabel('coil-report', { id, start_ops: '2026-11-20T08:00:00Z' }, 'en')).toBe(id);
    expect(lookupLabel('packing-list', { id, reference: '' }, 'en')).toBe(id);
  });

  it('reads Spanish from any es tag and English otherwise', () => {
    expect(labelLanguage('es')).toBe('es');
    expect(labelLanguage('ES-mx')).toBe('es');
    expect(labelLanguage('en')).toBe('en');
    expect(labelLanguage('fr')).toBe('en');
    expect(labelLanguage(undefined)).toBe('en');
  });

  it('pairs every translated list with a Spanish field it has, shown beside the English one', () => {
    const translated = resourceNames.filter(
      (name) => resources[name].kind === 'lookup' && 'translated' in resources[name],
    );
    expect(translated.sort()).toEqual(
      [
        'commodity',
        'country',
        'crane-type',
        'event',
        'incidence-status',
        'incidence-type',
        'port',
        'project-activity',
        'project-status',
        'report-status',
      ].sort(),
    );
    for (const name of translated) {
      const resource = resources[name];
      const pair = 'translated' in resource ? resource.translated : undefined;
      expect(pair && Object.keys(resource.fields), name).toContain(pair?.en);
      expect(pair && Object.keys(resource.fields), name).toContain(pair?.es);
      expect(resource.display.slice(0, 2), name).toEqual([pair?.en, pair?.es]);
    }
  });
});

// A project's label reading rule through the real API (issue 21): stored as typed when it is a safe
// regular expression naming the reference; refused naming the field, in the request's language, when it
// does not compile, names no reference or could backtrack for ever; nothing is changed by a refusal.
import { describe, expect, it } from 'vitest';
import { fixtureServer, type Row } from '../fixtures.js';

const rig = fixtureServer();

const send = (method: string, path: string, body: unknown, language = 'en') =>
  rig.f.api<Row>(method, path, {
    token: rig.f.adminToken,
    body,
    headers: { 'accept-language': language },
  });

const projects = async () => Number((await rig.server.query('select count(*)::int as n from project'))[0].n);

describe("a project's scan rule", () => {
  it('keeps a safe pattern and a tolerance as typed, and clears them', async () => {
    const made = await send('POST', '/api/project/', {
      name: 'Scanned call',
      scan_pattern: '  ^S(?<ref>\\d{10})(?:W(?<weight>\\d+))?$ ',
      scan_weight_tolerance: '1.5',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      scan_pattern: '^S(?<ref>\\d{10})(?:W(?<weight>\\d+))?$',
      scan_weight_tolerance: '1.50',
    });
    const cleared = await send('PATCH', `/api/project/${made.body.id}/`, {
      scan_pattern: '',
      scan_weight_tolerance: null,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ scan_pattern: null, scan_weight_tolerance: null });
  });

  it('refuses a pattern that does not compile, names no reference, or could hang, naming the field', async () => {
    const before = await projects();
    const cases: [string, RegExp, RegExp][] = [
      ['(?<ref>[A-Z', /not a valid regular expression/, /no es una expresión regular válida/i],
      ['COIL: (\\w+)', /group whose name starts with ref/, /grupo cuyo nombre empiece por ref/],
      ['(?<ref>(\\w+)+)$', /repeated group/, /grupo repetido/],
      ['(?<ref>a)\\k<ref>', /Back-references/, /referencias hacia atrás/],
      ['(?<ref>\\d*\\d*\\d*\\d*\\d*)x', /Too many long repetitions/, /Demasiadas repeticiones/],
    ];
    for (const [pattern, english, spanish] of cases) {
      for (const [language, words] of [
        ['en', english],
        ['es', spanish],
      ] as const) {
        const answer = await send(
          'POST',
          '/api/project/',
          { name: 'Refused', scan_pattern: pattern },
          language,
        );
        expect(answer.status, `${pattern} ${language}`).toBe(400);
        expect(Object.keys(answer.body)).toEqual(['scan_pattern']);
        expect(String((answer.body.scan_pattern as string[])[0])).toMatch(words);
      }
    }
    const tolerance = await send('POST', '/api/project/', { name: 'Refused', scan_weight_tolerance: '150' });
    expect(tolerance.status).toBe(400);
    expect(Object.keys(tolerance.body)).toEqual(['scan_weight_tolerance']);
    expect(await projects()).toBe(before);
  });
});

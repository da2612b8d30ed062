// The OpenAPI document as an integrator meets it: it passes a standard linter's recommended rules
// (Redocly's, DRF's trailing slashes allowed, examples checked against their schemas), and every
// operation has a stable readable id, a summary and description, a documented success and 4xx
// answers; every list takes updated_since and include_deleted. A route added without these fails here.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { resourceNames } from '../../../src/domain/registry.js';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; schema?: { type?: string } }[];
  responses?: Record<string, unknown>;
};
type Document = {
  servers?: { url: string }[];
  info: { license?: { name: string; url: string }; contact?: { url: string } };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

let server: TestServer;
let text: string;
let doc: Document;

beforeAll(async () => {
  server = await startTestServer();
  text = await (await fetch(`${server.url}/api/openapi.json`)).text();
  doc = JSON.parse(text) as Document;
});
afterAll(async () => {
  await server?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('passes the recommended rules of a standard linter (Redocly), with no warning', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'no-path-trailing-slash': 'off', 'no-invalid-schema-examples': 'error' },
    });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const shown = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(shown).toEqual([]);
  });

  it('gives every operation a unique readable id, a summary, a description, a success and a 4xx answer', () => {
    const ids = new Set<string>();
    for (const { where, op } of operations()) {
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId ?? ''), `${where}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId ?? '');
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toBeTruthy();
      const codes = Object.keys(op.responses ?? {});
      expect(
        codes.some((code) => /^2\d\d$/.test(code)),
        `${where}: ${codes}`,
      ).toBe(true);
      expect(
        codes.some((code) => /^4\d\d$/.test(code)),
        `${where}: ${codes}`,
      ).toBe(true);
      expect(codes, where).toContain('503');
      if (op.tags?.length !== 1) throw new Error(`${where} has tags ${op.tags}`);
    }
    // The names an integrator would guess.
    for (const id of ['listPackingItems', 'getProject', 'makeSofReport', 'listProjects', 'patchIncidence'])
      expect(ids).toContain(id);
  });

  it('answers 401 and 403 on every call that needs a token, and none on public ones', () => {
    for (const { where, op } of operations()) {
      const isPublic = [
        'POST /api/get-token/',
        'POST /api/contact/',
        'GET /api/health/',
        'GET /api/invites/{token}/',
        'POST /api/invites/{token}/',
      ].includes(where);
      const codes = Object.keys(op.responses ?? {});
      expect(codes.includes('401'), where).toBe(!isPublic);
      expect(codes.includes('403'), where).toBe(!isPublic);
    }
  });

  it('types the parameters: integers, booleans, date-times, arrays as repeated keys', () => {
    const list = doc.paths['/api/packing-list/'].get;
    const param = (name: string) => list.parameters?.find((p) => p.name === name);
    expect(param('page')?.schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param('validated')?.schema).toMatchObject({ type: 'boolean' });
    expect(param('validation_datetime_after')?.schema).toMatchObject({ type: 'string', format: 'date-time' });
    expect(param('project')).toMatchObject({ style: 'form', explode: true, schema: { type: 'array' } });
    expect(param('location')?.schema).toMatchObject({ type: 'array', items: { enum: expect.any(Array) } });
    expect(
      doc.paths['/api/project/'].get.parameters?.find((p) => p.name === 'initial_date_after')?.schema,
    ).toMatchObject({
      type: 'string',
      format: 'date',
    });
  });

  it('lets every list read only what changed: updated_since and include_deleted', () => {
    for (const name of resourceNames) {
      const names = doc.paths[`/api/${name}/`].get.parameters?.map((p) => p.name);
      expect(names, name).toEqual(
        expect.arrayContaining(['updated_since', 'include_deleted', 'page', 'page_size']),
      );
    }
  });

  it('names this server in servers, with the licence and contact pages under it, and describes every tag', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: server.url })]);
    expect(doc.info.license?.url).toBe(`${server.url}/terms-conditions`);
    expect(doc.info.contact?.url).toBe(`${server.url}/contact`);
    expect(doc.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining([
        'Calls',
        'Cargo',
        'Shifts',
        'Incidences',
        'Reports',
        'Files',
        'Reference data',
      ]),
    );
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it('documents Retry-After on 429 and 503', () => {
    const responses = (
      JSON.parse(text) as { components: { responses: Record<string, { headers?: object }> } }
    ).components.responses;
    expect(responses.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(responses.Unavailable.headers).toHaveProperty('Retry-After');
    expect(Object.keys(doc.paths['/api/get-token/'].post.responses ?? {})).toContain('429');
  });
});

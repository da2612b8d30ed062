// A TypeScript client generated from the served OpenAPI document (openapi-typescript) compiles with
// the ERP's script (tests/erp-client/integration.ts, openapi-fetch) under tsc, and that script runs
// against the real server: a customer token lists its projects changed since a time, reads a
// packing list and downloads a report. The generated code goes to tests/erp-client/generated/
// (ignored by git), made anew on every run; tsc checks the script against it.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { fixtureServer } from '../fixtures.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..');
const CLIENT = join(ROOT, 'tests', 'erp-client');

const rig = fixtureServer();

describe('a client generated from the OpenAPI document', () => {
  it('compiles with the ERP script, which then reads changes, a packing list and a report', {
    timeout: 300_000,
  }, async () => {
    const account = await rig.f.create('accounts', { trade_name: 'Aceros del Norte' });
    const other = await rig.f.create('accounts');
    const old = await rig.f.create('project', { customer: account.id, name: 'Before the last run' });
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const project = await rig.f.create('project', { customer: account.id, name: 'Star Lindesnes 2411' });
    await rig.f.create('project', { customer: other.id, name: 'Someone else' });
    const removed = await rig.f.create('project', { customer: account.id });
    expect(
      (await rig.f.api('DELETE', `/api/project/${removed.id}/`, { token: rig.f.adminToken })).status,
    ).toBe(204);
    const coil = await rig.f.commodity('coil');
    for (const [reference, validated] of [
      ['C-2', true],
      ['C-1', true],
      ['C-3', false],
    ] as const)
      await rig.f.create(
        'packing-list',
        { reference, commodity: coil, validated, net_weight: '21450.5' },
        { project: project.id },
      );
    const made = await rig.f.api<{ token: string }>('POST', `/api/accounts/${account.id}/tokens/`, {
      token: rig.f.adminToken,
      body: { name: 'ERP' },
    });
    expect(made.status).toBe(201);

    const document = await (await fetch(`${rig.server.url}/api/openapi.json`)).json();
    await mkdir(join(CLIENT, 'generated'), { recursive: true });
    await writeFile(join(CLIENT, 'generated', 'schema.ts'), astToString(await openapiTS(document)));

    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(process.execPath, [tsc, '-p', join(CLIENT, 'tsconfig.json')]).catch(
      (error: { stdout?: string }) => {
        throw new Error(`the ERP script does not compile against the generated client:\n${error.stdout}`);
      },
    );

    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const { stdout } = await run(process.execPath, [tsx, join(CLIENT, 'integration.ts')], {
      env: { ...process.env, KT_URL: rig.server.url, KT_TOKEN: made.body.token, KT_SINCE: since },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(result.projects).toEqual([
      { id: project.id, name: 'Star Lindesnes 2411', customer: 'Aceros del Norte' },
    ]);
    expect(result.projects.map((p: { id: string }) => p.id)).not.toContain(old.id);
    expect(result.deleted).toEqual([removed.id]);
    expect(result.items).toBe(3);
    expect(result.validated).toEqual(['C-1', 'C-2']);
    expect(result.net_weight).toEqual(['21450.500', '21450.500']);
    expect(result.report.type).toMatch(/spreadsheetml/);
    expect(result.report.name).toMatch(/\.xlsx$/);
    expect(result.report.bytes).toBeGreaterThan(1000);
    expect(result.write.status).toBe(403);
  });
});

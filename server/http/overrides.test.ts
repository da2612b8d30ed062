// package.json `overrides` pins two packages below the versions their parents ask for, because those
// declare Node 22 while the product supports 20.19: content-disposition 2 under @fastify/static and
// cookie 1.1 under light-my-request (Fastify's inject). Their APIs are the same for what the parents
// call (content-disposition's create(), cookie's stringifySetCookie({ name, value })); these tests
// run the parents' code paths that call them.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

describe('overridden dependencies', () => {
  it('@fastify/static names a download through content-disposition (ASCII and UTF-8 forms)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kt-static-'));
    folders.push(root);
    await writeFile(join(root, 'informe.pdf'), '%PDF-1.4\n');
    const app = Fastify();
    await app.register(fastifyStatic, { root, serve: false });
    app.get('/file', (_request, reply) => reply.download('informe.pdf', 'Daño €1.pdf'));
    const response = await app.inject({ method: 'GET', url: '/file' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Da?o ?1.pdf"; filename*=UTF-8''Da%C3%B1o%20%E2%82%AC1.pdf`,
    );
    expect(response.body).toBe('%PDF-1.4\n');
    await app.close();
  });

  it("Fastify's inject (light-my-request) sends cookies through cookie's stringifySetCookie", async () => {
    const app = Fastify();
    app.get('/echo', (request) => ({ cookie: request.headers.cookie }));
    const response = await app.inject({
      method: 'GET',
      url: '/echo',
      cookies: { session: 'a b;c', plain: 'x' },
    });
    expect(response.json()).toEqual({ cookie: 'session=a%20b%3Bc; plain=x' });
    await app.close();
  });
});

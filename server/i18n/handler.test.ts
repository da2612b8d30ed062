// The app's one error handler on a real Fastify instance: a full disk (no file system can be filled in a
// test), a too large multipart file and a server error leave in the request's language, status and
// headers kept.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../http/error-handler.js';
import { notFound } from '../http/errors.js';

let app: FastifyInstance;

const failing = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  await app.register(async (scope) => {
    scope.get('/full', async () => {
      throw failing('ENOSPC');
    });
    scope.get('/big', async () => {
      throw Object.assign(failing('FST_REQ_FILE_TOO_LARGE'), { statusCode: 413 });
    });
    scope.get('/missing', async () => {
      throw notFound();
    });
    scope.get('/broken', async () => {
      throw new Error('internal detail');
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const get = (url: string, language?: string) =>
  app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

describe('errors in the request language', () => {
  it('answers a full disk with 507 and Retry-After, in Spanish or English', async () => {
    const spanish = await get('/full', 'es');
    expect(spanish.statusCode).toBe(507);
    expect(spanish.headers['retry-after']).toBe('60');
    expect(spanish.json()).toEqual({
      detail: 'El servidor no tiene espacio para guardarlo; no se ha guardado nada. Inténtelo más tarde.',
    });
    const english = await get('/full');
    expect(english.statusCode).toBe(507);
    expect(english.json()).toEqual({
      detail: 'The server has no space left to store this; nothing was saved. Try again later.',
    });
  });

  it('answers a file past the multipart limit with 413 in Spanish', async () => {
    const spanish = await get('/big', 'es-MX');
    expect(spanish.statusCode).toBe(413);
    expect(spanish.json()).toEqual({ detail: 'El archivo enviado es demasiado grande.' });
    expect((await get('/big')).json()).toEqual({ detail: 'The uploaded file is too large.' });
  });

  it('translates HTTP errors and a server error, never its internal text', async () => {
    expect((await get('/missing', 'es')).json()).toEqual({ detail: 'No encontrado.' });
    const broken = await get('/broken', 'es');
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ detail: 'Se produjo un error en el servidor.' });
    expect((await get('/broken')).json()).toEqual({ detail: 'A server error occurred.' });
  });
});

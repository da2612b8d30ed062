// The request log after a walk of the API a tablet and an office make in a day (sign-in, uploads as
// multipart and as base64, a password change, a sync push and pull, a metrics scrape, logout): one
// line per request with the user, route, status and time, and never a password, a token or its hash,
// nor a byte of a file. The server runs in its own process, logging at trace level to stdout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/auth/tokens.js';
import { uuidv7 } from '../../../src/domain/ids.js';
import { upload } from '../../fixtures/multipart.js';
import { createMutation } from '../../fixtures/mutations.js';
import { apiClient, signIn } from '../http.js';
import { type LogProcess, startLogServer } from './log-process.js';

const PASSWORD = 'Quay-Crane-42';
const NEW_PASSWORD = 'Bollard-Nine-63';
const WRONG = 'Wrong-Guess-99';
// File contents no request line, error or header may carry, in any encoding the request used.
const DOCUMENT = 'Bill of lading 4471: CONFIDENTIAL consignee Zq8-Acme';
const PHOTO_NOTE = 'Damage photo text Zq9-Hatch-3 (sent as base64)';

interface Line {
  msg?: string;
  time?: number;
  level?: number;
  user?: string;
  route?: string;
  status?: number;
  ms?: number;
  method?: string;
}

let server: LogProcess;
beforeAll(async () => {
  server = await startLogServer();
});
afterAll(() => server?.stop());

describe('the request log after a walk of the API', () => {
  it('keeps who, which route, the status and the time of each request, and no secret or file byte', async () => {
    const api = apiClient(server.url);
    expect(
      (await api('POST', '/api/get-token/', { body: { username: 'logged', password: WRONG } })).status,
    ).toBe(400);
    const token = await signIn(api, 'logged', PASSWORD);
    const project = await api<{ id: string }>('POST', '/api/project/', {
      token,
      body: { name: 'Logged call', code: 'LOG-1' },
    });
    expect(project.status).toBe(201);
    const multipart = await upload(`${server.url}/api/project/${project.body.id}/attachments/`, {
      token,
      fields: { description: 'Bill of lading' },
      file: { name: 'bl-4471.txt', bytes: new TextEncoder().encode(DOCUMENT), type: 'text/plain' },
    });
    expect(multipart.status).toBe(201);
    const base64 = Buffer.from(PHOTO_NOTE).toString('base64');
    const json = await api('POST', `/api/project/${project.body.id}/attachments/`, {
      token,
      body: { name: 'note.txt', base_64: base64, description: 'Hatch 3' },
    });
    expect(json.status).toBe(201);
    const clientId = uuidv7();
    const pushed = await api<{ results: { status: string }[] }>('POST', '/api/sync/push/', {
      token,
      body: {
        client_id: clientId,
        pending: 1,
        mutations: [createMutation('incidence', { project: project.body.id, description: 'Sling worn' }, 1)],
      },
    });
    expect(pushed.body.results?.map((result) => result.status)).toEqual(['applied']);
    expect((await api('GET', `/api/sync/pull/?client_id=${clientId}`, { token })).status).toBe(200);
    expect((await api('GET', '/api/metrics/', { token })).status).toBe(200);
    const change = await api('POST', '/api/rest-auth/password/change/', {
      token,
      body: { old_password: PASSWORD, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
    });
    expect(change.status).toBe(200);
    const second = await signIn(api, 'logged', NEW_PASSWORD);
    expect((await api('POST', '/api/logout/', { token: second })).status).toBe(204);

    const log = await server.stop();
    const secrets = [
      PASSWORD,
      NEW_PASSWORD,
      WRONG,
      token,
      hashToken(token),
      second,
      hashToken(second),
      DOCUMENT,
      'CONFIDENTIAL',
      Buffer.from(DOCUMENT).toString('base64'),
      PHOTO_NOTE,
      'Zq9-Hatch-3',
      base64,
    ];
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);

    const requests = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.msg === 'request');
    const seen = requests.map(({ method, route, status, user }) => `${method} ${route} ${status} ${user}`);
    expect(seen).toEqual([
      'POST /api/get-token/ 400 undefined',
      'POST /api/get-token/ 200 undefined',
      'POST /api/project/ 201 logged',
      'POST /api/project/:id/attachments/ 201 logged',
      'POST /api/project/:id/attachments/ 201 logged',
      'POST /api/sync/push/ 200 logged',
      'GET /api/sync/pull/ 200 logged',
      'GET /api/metrics/ 200 logged',
      'POST /api/rest-auth/password/change/ 200 logged',
      'POST /api/get-token/ 200 undefined',
      'POST /api/logout/ 204 logged',
    ]);
    for (const line of requests) {
      expect(typeof line.time).toBe('number');
      expect(typeof line.ms).toBe('number');
    }
  });
});

import { startTestServer, type TestServer } from '../../../server/testing';
import { E2E_DIST } from './paths';

export const PASSWORD = 'Quay-Crane-42';

/** The real server over a fresh database, serving the e2e build, with one staff user (Marta Ruiz). */
export async function startAppServer(): Promise<TestServer> {
  const server = await startTestServer({ staticDir: E2E_DIST });
  await server.createUser({ username: 'marta', password: PASSWORD, first_name: 'Marta', last_name: 'Ruiz' });
  return server;
}

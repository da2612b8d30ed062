// Demo users on a new database: yes for the embedded one (see start.test.ts), no on PostgreSQL unless
// DEMO_DATA=1; the reference lists always. Through startServer, as `npm start` runs it.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { DEMO_USERS } from '../../../server/db/first-start.js';
import { startServer } from '../../../server/server.js';
import { createTestDatabase } from '../../../server/testing.js';

const adminUrl = process.env.DATABASE_URL;

async function firstStart(env: Record<string, string>) {
  const database = await createTestDatabase(adminUrl ?? '');
  const server = await startServer({
    ...loadConfig({ LOG_LEVEL: 'silent', ...env, DATABASE_URL: database.url }),
    host: '127.0.0.1',
    port: 0,
  });
  try {
    const users = await server.database.db
      .selectFrom('users')
      .select('username')
      .orderBy('username')
      .execute();
    return { firstStart: server.firstStart, usernames: users.map((user) => user.username) };
  } finally {
    await server.close();
    await database.drop();
  }
}

describe.runIf(adminUrl)('a new PostgreSQL database', { timeout: 120_000 }, () => {
  it('gets no demo users by default', async () => {
    const started = await firstStart({});
    expect(started.firstStart).toEqual({ seeded: true, demo: false });
    expect(started.usernames).toEqual([]);
  });

  it('gets the demo users with DEMO_DATA=1', async () => {
    const started = await firstStart({ DEMO_DATA: '1' });
    expect(started.firstStart).toEqual({ seeded: true, demo: true });
    expect(started.usernames).toEqual(DEMO_USERS.map((user) => user.username).sort());
  });
});

// The server as its own process for the soak tests and the devices bench: the real startServer with the
// configuration from the environment (as server/start.ts), plus what a test needs from outside: users
// made at start (KT_SOAK_USERS, JSON [{username, password, role}]) and SQL over the IPC channel.
import { sql } from 'kysely';
import { loadConfig } from '../../../server/config.js';
import { startServer } from '../../../server/server.js';
import { usersService } from '../../../server/users/users.service.js';
import { watchLoop } from './loop-hold.js';

interface SoakUser {
  username: string;
  password: string;
  role: 'admin' | 'staff';
}

type Request = { type: 'query'; id: number; text: string; params: unknown[] } | { type: 'loop'; id: number };

async function main() {
  // How long the event loop was held (benches, never-stalls.test.ts): read and reset over IPC, watched from
  // the first read on (its 5 ms timer reads /proc: CPU a bench of the server alone must not count).
  let loop: ReturnType<typeof watchLoop> | undefined;
  const server = await startServer(loadConfig());
  const users = JSON.parse(process.env.KT_SOAK_USERS ?? '[]') as SoakUser[];
  for (const user of users) {
    const found = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', user.username)
      .executeTakeFirst();
    if (!found) await usersService(server.database).create(user);
  }
  process.on('message', (message: Request) => {
    if (message.type === 'loop') {
      loop ??= watchLoop();
      process.send?.({ type: 'rows', id: message.id, rows: [loop.read()] });
      return;
    }
    if (message.type !== 'query') return;
    const compiled = sql.raw<Record<string, unknown>>(message.text).compile(server.database.db);
    server.database.db
      .executeQuery<Record<string, unknown>>({ ...compiled, parameters: message.params })
      .then(
        (result) => process.send?.({ type: 'rows', id: message.id, rows: result.rows }),
        (error: unknown) => process.send?.({ type: 'error', id: message.id, message: String(error) }),
      );
  });
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

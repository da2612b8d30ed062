// A test server in its own process, logging at the most verbose level to stdout (what an operator
// would collect), with one admin (LOG_USER). Prints {"url"} on its first line; stops on SIGTERM.
import { startTestServer } from '../../../server/testing.js';

const LOG_USER = { username: 'logged', password: 'Quay-Crane-42' };

const server = await startTestServer({ logLevel: 'trace' });
await server.createUser({ ...LOG_USER, role: 'admin' });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});

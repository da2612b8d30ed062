import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type DeviceState,
  deviceStateSchema as deviceState,
  mutationSchema,
} from '../../src/domain/sync-wire.js';
import { requireAdmin, requireUser } from '../auth/auth.plugin.js';
import type { AppContext } from '../context.js';
import { pullPageCompression } from '../http/compression.js';
import { ValidationError } from '../http/errors.js';
import { API_TAGS } from '../resources/engine/api-names.js';
import { checkDataVersion } from './app-version.js';
import { decodeCursor } from './cursor.js';
import { checkDeviceOwner, listDevices, recordDevice } from './device.js';
import { type PullFormat, parseScope, pullChanges } from './pull.js';
import { pushMutations } from './push.js';
import { quietMemory } from './quiet-memory.js';
import { quietPull } from './quiet-pull.js';

const pullQuery = deviceState.extend({
  scope: z.string().max(60).optional().describe('"global" (default) or "project:<id>"'),
  cursor: z.string().max(200).optional().describe('opaque; absent on a first pull'),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  format: z
    .string()
    .max(20)
    .optional()
    .describe(
      '"columns": each resource\'s field names once per page, its rows as arrays of values (ColumnsPullPage). Absent or any other value: the first format, one object per change (a device of an older app). The answer names its format.',
    ),
});
const pushBody = deviceState.extend({
  sent_at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      "The device's clock when it sent the batch: with each change's occurred_at, how old the change is. The server orders changes by its own time of receipt less that age, never by the device's clock.",
    ),
  mutations: z.array(mutationSchema).max(500),
});

/** The sync protocol (docs/sync-protocol.md): what the PWA's local store talks through. */
export async function syncRoutes(app: FastifyInstance, { database, auth, metrics, changes }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const memory = quietMemory(database, changes);
  app.addHook('onClose', async () => memory?.close());
  /** Records a device's report outside a quiet pull, which the memory then no longer vouches for. */
  const record = async (userId: string, state: DeviceState, contact: 'push' | 'pull') => {
    memory?.forgetDevice(state.client_id);
    await recordDevice(database, userId, state, contact);
    memory?.forgetDevice(state.client_id);
  };

  api.get(
    '/sync/pull/',
    {
      // The quiet pull's statement checks the token again: on PostgreSQL it may come from the cache.
      config: { checksTokenItself: true },
      compress: pullPageCompression,
      schema: {
        operationId: 'pullChanges',
        tags: [API_TAGS.sync],
        summary: 'Changes of a scope after a cursor, oldest first, tombstones included',
        description:
          'A cursor older than the kept history (90 days of tombstones) is answered 410: download the scope again.',
        querystring: pullQuery,
        'x-answers': [409, 410],
      },
    },
    async (request, reply) => {
      const user = requireUser(request.principal);
      checkDataVersion(request);
      const { scope, cursor, limit, format: asked, ...state } = request.query;
      const format: PullFormat = asked === 'columns' ? 'columns' : 'changes';
      const [where, after] = collectErrors(
        () => parseScope(scope),
        () => decodeCursor(cursor),
      );
      // Nothing new is answered by the statement that checks the device and reads the scope's mark.
      const valid = auth.tokenStands(user);
      const token = valid ? { valid, revoked: () => auth.revoked(user) } : undefined;
      const quiet = await quietPull(database, user.userId, state, where, after, { memory, token });
      let answer = quiet.answer;
      if (!answer) {
        answer = await pullChanges(database, where, after, limit, quiet.mark, format);
        await record(user.userId, state, 'pull');
      }
      metrics.pulled(where.kind);
      // The changes come as JSON text from the database: the body is assembled, not serialised again.
      const { changes, tables, ...rest } = answer;
      const tail = JSON.stringify(rest).slice(1);
      const head =
        format === 'columns'
          ? `"format":"columns","tables":${tables ?? '[]'}`
          : `"changes":${changes ?? '[]'}`;
      return reply.type('application/json; charset=utf-8').send(`{${head},${tail}`);
    },
  );

  api.post(
    '/sync/push/',
    {
      schema: {
        operationId: 'pushMutations',
        tags: [API_TAGS.sync],
        summary: "Apply a batch of a device's mutations, in seq order, each exactly once",
        description:
          'Each mutation is answered on its own: applied, duplicate (the stored first answer), rejected (field errors) or conflict (the server row). ' +
          'Texts are in the Accept-Language; beside them `error_keys` (`{field: [{key, values} | null]}`, one for each text) and `detail_key` give each ' +
          "text's key in the server's catalogue and its values (null for a text given as it is). Users only.",
        body: pushBody,
        'x-answers': [409],
      },
    },
    async (request, reply) => {
      const receivedAt = Date.now() - reply.elapsedTime;
      const user = requireUser(request.principal);
      checkDataVersion(request);
      const { mutations, ...state } = request.body;
      await checkDeviceOwner(database, user.userId, state.client_id);
      const answer = await pushMutations(
        database,
        request.principal,
        { clientId: state.client_id, sentAt: state.sent_at, receivedAt },
        mutations,
      );
      // A deleted account's API tokens went with it (a trigger): none may stay trusted from the cache.
      if (mutations.some((m) => m.resource === 'accounts' && m.op === 'delete')) auth.tokensRevoked();
      await record(user.userId, state, 'push');
      metrics.pushed(answer.results);
      return answer;
    },
  );

  api.get(
    '/sync/devices/',
    {
      schema: {
        operationId: 'listDevices',
        tags: [API_TAGS.sync],
        summary: 'Every device: its user, last contact, pending and needs-attention counts (admins)',
        description: 'What each tablet last reported: unsent changes and files, and since when. Admins only.',
      },
    },
    async (request) => {
      requireAdmin(request.principal);
      const results = await listDevices(database);
      return { count: results.length, next: null, previous: null, results };
    },
  );
}

/** Runs each parser and reports every field error together, not only the first. */
function collectErrors<A, B>(a: () => A, b: () => B): [A, B] {
  const errors: Record<string, string[]> = {};
  const run = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(errors, error.fields);
      return undefined;
    }
  };
  const first = run(a);
  const second = run(b);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return [first as A, second as B];
}

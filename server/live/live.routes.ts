// GET /api/sync/live/?scope=global&scope=project:<id>: a Server-Sent Events stream telling a device
// that a scope it holds changed ({"scope", "seq", "cursor"}: pull now), or, after the server may have
// missed notices, that it should pull every scope (event "resync"). Nothing else travels on it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth.plugin.js';
import type { AppContext } from '../context.js';
import { ValidationError } from '../http/errors.js';
import { API_TAGS } from '../resources/engine/api-names.js';
import { parseScope } from '../sync/pull.js';
import { type LiveNotices, startLiveNotices } from './notices.js';

/** Comment lines this often keep proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
const MAX_SCOPES = 100;

const liveQuery = z.object({
  scope: z
    .union([z.string().max(60), z.array(z.string().max(60)).max(MAX_SCOPES)])
    .optional()
    .describe('"global" or "project:<id>", repeated; default global'),
});

const scopesOf = (value: string | string[] | undefined): Set<string> => {
  const list = value === undefined ? ['global'] : Array.isArray(value) ? value : [value];
  const scopes = new Set<string>();
  for (const item of list) {
    try {
      const scope = parseScope(item);
      scopes.add(scope.kind === 'global' ? 'global' : `project:${scope.id}`);
    } catch {
      throw new ValidationError({ scope: [`"${item}": use "global" or "project:<id>".`] });
    }
  }
  return scopes;
};

export async function liveRoutes(app: FastifyInstance, { database, changes }: AppContext) {
  const notices: LiveNotices = await startLiveNotices(database, changes);
  const streams = new Set<() => void>();
  // Open streams would hold the server's close for its whole grace period: they end first.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => notices.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/sync/live/',
    {
      schema: {
        operationId: 'watchChanges',
        tags: [API_TAGS.sync],
        summary: 'Server-Sent Events: "pull now" when a scope this device holds changes',
        description:
          'text/event-stream. Each change: `data: {"scope": "project:<id>", "seq": 123, "cursor": "..."}` (the ' +
          'cursor a pull of that scope reaches; the same as yours: nothing to pull). `event: resync`: pull ' +
          'every scope. Comment lines every 25 s. Never compressed, never buffered.',
        querystring: liveQuery,
        response: {
          200: {
            description: 'An event stream that stays open.',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      requireUser(request.principal);
      const scopes = scopesOf(request.query.scope);
      // Written straight to the socket: no compression (a compressor holds small writes back) and no
      // buffering proxy (X-Accel-Buffering); the headers set by the hooks so far go too.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // HEAD (Fastify answers it with the GET handler): the headers only. A stream left open on it
      // would hold the connection, and a client reusing it (HEAD has no body) would wait for ever.
      if (request.method === 'HEAD') {
        raw.end();
        return;
      }
      raw.write('retry: 5000\n: connected\n\n');
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const unsubscribe = notices.subscribe({
        scopes,
        changed: (notice) => raw.write(`data: ${JSON.stringify(notice)}\n\n`),
        resync: () => raw.write('event: resync\ndata: {}\n\n'),
      });
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      raw.on('close', end);
    },
  );
}

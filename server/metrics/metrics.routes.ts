import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAdmin } from '../auth/auth.plugin.js';
import type { AppContext } from '../context.js';
import { notAuthenticated } from '../http/errors.js';
import { API_TAGS } from '../resources/engine/api-names.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Bearer <METRICS_TOKEN>` (what Prometheus sends) or `Token <METRICS_TOKEN>`, compared in constant time. */
function isMetricsToken(header: string | undefined, token: string | undefined): boolean {
  const match = /^(?:Bearer|Token) (\S+)$/.exec(header?.trim() ?? '');
  return Boolean(token && match?.[1] && timingSafeEqual(digest(match[1]), digest(token)));
}

const DESCRIPTION =
  '`Authorization: Bearer <METRICS_TOKEN>` (Prometheus `authorization` / `bearer_token`), or an admin ' +
  "user's `Token`. 401 without either, 403 for another user. Requests by route and status, latency " +
  'histograms, event-loop delay, database pool, sync pushes and pulls, the outboxes and upload queues ' +
  'devices report, uploads in progress. Also answered at /api/metrics.';

export async function metricsRoutes(app: FastifyInstance, { config, auth, metrics }: AppContext) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!isMetricsToken(header, config.metricsToken)) {
      const principal = await auth.authenticate(header);
      if (!principal) throw notAuthenticated();
      request.principal = principal;
      requireAdmin(principal);
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  };
  // Without the trailing slash too: what a scrape configuration is most often written with.
  for (const url of ['/metrics/', '/metrics'])
    app.get(
      url,
      {
        // The route reads its Authorization header itself: METRICS_TOKEN is no user's token.
        config: { ownAuthorization: true },
        schema: {
          hide: url === '/metrics',
          operationId: 'getMetrics',
          tags: [API_TAGS.service],
          summary: 'Server figures in the Prometheus text format (an admin token, or METRICS_TOKEN)',
          description: DESCRIPTION,
          response: {
            200: {
              description: 'The Prometheus text exposition (version 0.0.4).',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
      handler,
    );
}

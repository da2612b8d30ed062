// Webhooks, for admins: per customer account, endpoints and the events they want; their deliveries,
// with status, and a replay. The sending is the worker's (worker.ts).
//   GET    /api/webhooks/events/                 the events an endpoint may ask for
//   GET    /api/webhooks/endpoints/?account=     POST (201, with the secret)
//   GET    /api/webhooks/endpoints/<id>/          PATCH, DELETE
//   GET    /api/webhooks/deliveries/?endpoint=&status=&page=
//   POST   /api/webhooks/deliveries/<id>/replay/  (202)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidv7 } from '../../src/domain/ids.js';
import { deliveryStates, webhookEvents } from '../../src/domain/webhook-events.js';
import { requireAdmin } from '../auth/auth.plugin.js';
import type { AppContext } from '../context.js';
import { notFound, ValidationError } from '../http/errors.js';
import { pageUrl } from '../http/links.js';
import { say } from '../i18n/message.js';
import { newSecret } from './signature.js';
import { doc } from './webhooks.openapi.js';
import { webhooksRepository } from './webhooks.repository.js';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** https:// anywhere; http:// only to this machine (a receiver in tests or development). */
function allowedUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
}

const params = z.object({ id: z.uuid() });
const url = z.string().trim().max(2000).refine(allowedUrl, 'webhook.url');
const events = z.array(z.enum(webhookEvents)).min(1).max(webhookEvents.length);
const endpointInput = z.object({
  account: z.uuid(),
  url,
  events,
  description: z.string().trim().max(500).optional(),
  active: z.boolean().optional(),
});
const endpointPatch = endpointInput.omit({ account: true }).partial();
const endpoint = z.object({
  id: z.uuid(),
  account: z.object({ id: z.uuid(), trade_name: z.string() }),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  description: z.string(),
  active: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
const withSecret = endpoint.extend({
  secret: z.string().describe('whsec_…: the key the signatures are made with (Standard Webhooks).'),
});
const delivery = z.object({
  id: z.uuid().describe('The webhook-id header of every attempt.'),
  endpoint: z.uuid(),
  event_type: z.enum(webhookEvents),
  resource: z.string(),
  record_id: z.uuid(),
  status: z.enum(deliveryStates),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe('HTTP status of the last attempt (null: no answer).'),
  last_error: z.string().nullable(),
  last_attempt_at: z.iso.datetime().nullable(),
  next_attempt_at: z.iso.datetime(),
  delivered_at: z.iso.datetime().nullable(),
  retry_until: z.iso.datetime(),
  created_at: z.iso.datetime(),
  payload: z.object({
    type: z.string(),
    timestamp: z.string(),
    resource: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
});
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export async function webhookRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repository = webhooksRepository(database.db as never);

  api.get(
    '/webhooks/events/',
    {
      schema: {
        ...doc('listWebhookEvents'),
        response: { 200: z.object({ events: z.array(z.enum(webhookEvents)) }) },
      },
    },
    async (request) => {
      requireAdmin(request.principal);
      return { events: [...webhookEvents] };
    },
  );

  api.get(
    '/webhooks/endpoints/',
    {
      schema: {
        ...doc('listWebhookEndpoints'),
        querystring: z.object({ account: z.uuid().optional() }),
        response: { 200: listOf(endpoint) },
      },
    },
    async (request) => {
      requireAdmin(request.principal);
      const results = (await repository.listEndpoints(request.query.account)) as z.infer<typeof endpoint>[];
      return { count: results.length, next: null, previous: null, results };
    },
  );

  api.post(
    '/webhooks/endpoints/',
    {
      schema: {
        ...doc('createWebhookEndpoint'),
        body: endpointInput,
        response: { 201: withSecret },
      },
    },
    async (request, reply) => {
      const user = requireAdmin(request.principal);
      const { account, description, active, ...rest } = request.body;
      if (!(await repository.accountExists(account)))
        throw new ValidationError({ account: [say('record.no_pk', { id: account })] });
      const id = uuidv7();
      const values = { account, description: description ?? '', active: active ?? true, ...rest };
      await repository.createEndpoint(
        id,
        { ...values, events: [...new Set(values.events)] },
        newSecret(),
        user.userId,
      );
      return reply.code(201).send((await repository.findEndpoint(id)) as z.infer<typeof withSecret>);
    },
  );

  api.get(
    '/webhooks/endpoints/:id/',
    {
      schema: {
        ...doc('getWebhookEndpoint'),
        params,
        response: { 200: withSecret },
      },
    },
    async (request) => {
      requireAdmin(request.principal);
      const found = await repository.findEndpoint(request.params.id);
      if (!found) throw notFound();
      return found as z.infer<typeof withSecret>;
    },
  );

  api.patch(
    '/webhooks/endpoints/:id/',
    {
      schema: {
        ...doc('patchWebhookEndpoint'),
        params,
        body: endpointPatch,
        response: { 200: withSecret },
      },
    },
    async (request) => {
      requireAdmin(request.principal);
      const { events: wanted, ...rest } = request.body;
      const changes = { ...rest, ...(wanted ? { events: [...new Set(wanted)] } : {}) };
      if (!(await repository.updateEndpoint(request.params.id, changes))) throw notFound();
      return (await repository.findEndpoint(request.params.id)) as z.infer<typeof withSecret>;
    },
  );

  api.delete(
    '/webhooks/endpoints/:id/',
    {
      schema: {
        ...doc('deleteWebhookEndpoint'),
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      requireAdmin(request.principal);
      if (!(await repository.deleteEndpoint(request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/webhooks/deliveries/',
    {
      schema: {
        ...doc('listWebhookDeliveries'),
        querystring: z.object({
          endpoint: z.uuid().optional(),
          status: z.enum(deliveryStates).optional(),
          page: z.coerce.number().int().min(1).default(1),
          page_size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: listOf(delivery) },
      },
    },
    async (request) => {
      requireAdmin(request.principal);
      const { page, page_size, ...filter } = request.query;
      const { count, results } = await repository.listDeliveries(filter, page, page_size);
      if (results.length === 0 && page > 1) throw notFound(say('record.page'));
      const more = page * page_size < count;
      return {
        count,
        next: more ? pageUrl(request, config.publicUrl, page + 1) : null,
        previous: page > 1 ? pageUrl(request, config.publicUrl, page - 1) : null,
        results: results as z.infer<typeof delivery>[],
      };
    },
  );

  api.post(
    '/webhooks/deliveries/:id/replay/',
    {
      schema: {
        ...doc('replayWebhookDelivery'),
        params,
        response: { 202: delivery },
      },
    },
    async (request, reply) => {
      requireAdmin(request.principal);
      if (!(await repository.replay(request.params.id))) throw notFound();
      return reply
        .code(202)
        .send((await repository.findDelivery(request.params.id)) as z.infer<typeof delivery>);
    },
  );
}

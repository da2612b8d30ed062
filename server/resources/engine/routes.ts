import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../../src/domain/ids.js';
import { resourceNames, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { requireUser } from '../../auth/auth.plugin.js';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../http/errors.js';
import { pageUrl } from '../../http/links.js';
import { say } from '../../i18n/message.js';
import { checkWrite, type WriteAction } from './access.js';
import { recordHistory } from './history.js';
import { type Outcome, runWrite } from './idempotency.js';
import { docs } from './openapi.js';
import { findRepresentation, listPageText, readOne } from './read.js';
import { type Actor, createRecord, deleteRecord, updateRecord, type WriteScope } from './write.js';

type Query = Record<string, string | string[] | undefined>;
type IdParams = { id: string };

function ifMatch(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw new HttpError(400, { detail: say('record.if_match') });
  return Number(match[1]);
}

function send(reply: FastifyReply, outcome: Outcome & { replayed: boolean }) {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  const body = outcome.body as { version?: number } | null;
  if (body?.version !== undefined) reply.header('etag', `"${body.version}"`);
  return reply.code(outcome.status).send(outcome.body);
}

/** List, read, create, update, partial update, delete and history for every resource of the registry. */
export async function resourceRoutes(app: FastifyInstance, { database, auth, config }: AppContext) {
  // The engine validates bodies and list queries itself (a PATCH is checked merged over the stored row);
  // route schemas document.
  const documentOnly = () => (data: unknown) => ({ value: data });

  for (const name of resourceNames) {
    const resource = resources[name] as Resource;
    const base = `/${resource.name}/`;
    const schemas = docs(resource);
    const actorOf = (request: FastifyRequest, action: WriteAction): Actor => {
      const user = checkWrite(resource, request.principal, action);
      return { userId: user.userId, role: user.role };
    };
    const write = (
      request: FastifyRequest,
      reply: FastifyReply,
      action: WriteAction,
      run: (scope: WriteScope, actor: Actor) => Promise<Outcome>,
    ) => {
      const actor = actorOf(request, action);
      return runWrite(database, request, actor.userId, (db) =>
        run({ db, engine: database.engine }, actor),
      ).then((outcome) => send(reply, outcome));
    };
    const represent = async (scope: WriteScope, request: FastifyRequest, id: string) =>
      findRepresentation(scope, resource, request.principal, id);

    // The engine checks the query itself (limits.ts, filters.ts), naming each parameter as the schema documents it.
    const list = { schema: schemas.list, validatorCompiler: documentOnly };
    app.get<{ Querystring: Query }>(base, list, async (request, reply) => {
      const page = await listPageText(database, resource, request.principal, request.query);
      const last = Math.max(1, Math.ceil(page.count / page.pageSize));
      const next = page.page < last ? pageUrl(request, config.publicUrl, page.page + 1) : null;
      const previous = page.page > 1 ? pageUrl(request, config.publicUrl, page.page - 1) : null;
      // The rows come as JSON text from the database: the body is assembled, not serialised again.
      return reply
        .type('application/json; charset=utf-8')
        .send(
          `{"count":${page.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${page.results}}`,
        );
    });

    app.get<{ Params: IdParams }>(`${base}:id/`, { schema: schemas.read }, async (request, reply) => {
      const row = await readOne(database, resource, request.principal, request.params.id);
      return reply.header('etag', `"${row.version}"`).send(row);
    });

    app.get<{ Params: IdParams }>(`${base}:id/history/`, { schema: schemas.history }, async (request) => {
      requireUser(request.principal);
      const results = await recordHistory(database, resource, request.principal, request.params.id);
      return { count: results.length, next: null, previous: null, results };
    });

    // Users are written by their own routes (server/users): passwords, roles, the last admin.
    if (resource.externalTable) continue;

    app.post(base, { schema: schemas.create, validatorCompiler: documentOnly }, (request, reply) =>
      write(request, reply, 'create', async (scope, actor) => {
        const result = await createRecord(scope, resource, actor, request.body);
        return { status: result.status, body: await represent(scope, request, result.id) };
      }),
    );

    for (const method of ['PUT', 'PATCH'] as const) {
      app.route<{ Params: IdParams }>({
        method,
        url: `${base}:id/`,
        schema: method === 'PUT' ? schemas.update : schemas.partialUpdate,
        validatorCompiler: documentOnly,
        handler: (request, reply) =>
          write(request, reply, 'write', async (scope, actor) => {
            const result = await updateRecord(scope, resource, actor, request.params.id, request.body ?? {}, {
              partial: method === 'PATCH',
              ifMatch: ifMatch(request),
            });
            return { status: 200, body: await represent(scope, request, result.id) };
          }),
      });
    }

    app.delete<{ Params: IdParams }>(`${base}:id/`, { schema: schemas.remove }, (request, reply) =>
      write(request, reply, 'delete', async (scope, actor) => {
        if (!isUuid(request.params.id)) throw notFound();
        if (!(await deleteRecord(scope, resource, actor, request.params.id))) throw notFound();
        return { status: 204, body: null };
      }).finally(() => {
        // The account's API tokens went with it (a trigger): none may stay trusted from the cache.
        if (resource.name === 'accounts') auth.tokensRevoked();
      }),
    );
  }
}

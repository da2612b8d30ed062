// The reference lists' own actions, beside the generic resource routes: which records use an entry
// (before deleting it) and merging two entries for one thing (admins).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { resourceNames, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { requireAdmin, requireUser } from '../../auth/auth.plugin.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { apiNames, pascal } from '../engine/api-names.js';
import { runWrite } from '../engine/idempotency.js';
import { type MergeResult, mergeEntries } from './merge.js';
import { usageOf } from './usage.js';

const params = z.object({ id: z.uuid() });
const use = z.object({ resource: z.string(), field: z.string(), count: z.number() });

export async function referenceRoutes(app: FastifyInstance, { database }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const name of resourceNames) {
    const resource = resources[name] as Resource;
    if (!resource.merge) continue;
    const base = `/${resource.name}/:id/`;
    const names = apiNames(resource);
    const One = pascal(names.one);
    const requireEntry = async (id: string) => {
      const found =
        await sql`select 1 from ${sql.table(resource.table)} where id = ${id} and deleted_at is null`.execute(
          database.db,
        );
      if (found.rows.length === 0) throw notFound();
    };

    api.get(
      `${base}usage/`,
      {
        schema: {
          operationId: `get${One}Usage`,
          tags: [names.tag],
          summary: `Which records use a ${names.one}`,
          description: `Live records referring to this ${names.one}, counted by resource and field. An entry in use cannot be deleted: retire it (PATCH retired: true) to hide it from new choices while old records keep it.`,
          params,
          response: { 200: z.object({ total: z.number(), uses: z.array(use) }) },
        },
      },
      async (request) => {
        requireUser(request.principal);
        await requireEntry(request.params.id);
        const uses = await usageOf(database.db as unknown as Kysely<unknown>, resource, request.params.id);
        return { total: uses.reduce((sum, entry) => sum + entry.count, 0), uses };
      },
    );

    api.post(
      `${base}merge/`,
      {
        schema: {
          operationId: `merge${One}`,
          tags: [names.tag],
          summary: `Merge a ${names.one} into another (admins)`,
          description: `Two entries for one thing: every live record using this ${names.one} is moved to the one in "into", in one transaction, and this one is deleted. A later change that still names it (a tablet offline) applies to the one kept.`,
          params,
          body: z.object({ into: z.uuid() }),
          response: {
            200: z.object({ into: z.string(), moved: z.array(use) }),
          },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request.principal);
        const actor = { userId: admin.userId, role: admin.role };
        const outcome = await runWrite(database, request, admin.userId, async (db) => ({
          status: 200,
          body: await mergeEntries(
            { db, engine: database.engine },
            resource,
            actor,
            request.params.id,
            request.body.into,
          ),
        }));
        return reply.code(200).send(outcome.body as MergeResult);
      },
    );
  }
}

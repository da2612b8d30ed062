// The sync protocol's messages (docs/sync-protocol.md), one definition for the app that sends them
// (src/api/sync.ts, src/sync) and the server that reads them (server/sync). The zod schemas are the
// server's validation; the app imports the types only, so no zod reaches its bundle from here.
import './zod-config';
import { z } from 'zod';
import type { KeyedMessage } from './message-keys';

/** What every push and pull reports about the device ("Devices"); counts come as text in a pull's query. */
export const deviceStateSchema = z.object({
  client_id: z.uuid(),
  device_name: z.string().max(100).optional(),
  app_version: z.string().max(50).optional(),
  pending: z.coerce.number().int().min(0).optional(),
  needs_attention: z.coerce.number().int().min(0).optional(),
  files_pending: z.coerce.number().int().min(0).optional(),
  oldest_pending_at: z.iso
    .datetime({ offset: true })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type DeviceState = z.output<typeof deviceStateSchema>;

/** One local change a device pushes: a create (the record's fields), an update (the changed ones) or a delete. */
/** What a mutation does to its record (the audit log's action too). */
export const mutationOps = ['create', 'update', 'delete'] as const;

export const mutationSchema = z.object({
  mutation_id: z.uuid(),
  seq: z.number().int().min(0),
  resource: z.string().max(50),
  op: z.enum(mutationOps),
  id: z.uuid(),
  data: z.record(z.string(), z.unknown()).optional(),
  base_version: z.number().int().min(0).optional(),
  occurred_at: z.iso.datetime({ offset: true }).optional(),
});

export type Mutation = z.output<typeof mutationSchema>;

type WireRow = Record<string, unknown>;

/**
 * The server's answer to one mutation. `Message` is what a message is while the server builds the answer
 * (a keyed text, rendered in the request's language when sent); the device reads it as a string. Beside
 * the texts the answer carries their keys (`error_keys`: one for each text, null for a text the server
 * does not key; `detail_key`), so the device words them in its user's language; an answer stored before
 * these existed has the texts only.
 */
export type MutationResult<Message = string> =
  | { mutation_id: string; status: 'applied' | 'duplicate'; row: WireRow | null }
  | {
      mutation_id: string;
      status: 'rejected';
      errors: Record<string, Message[]>;
      error_keys?: Record<string, (KeyedMessage | null)[]>;
    }
  | {
      mutation_id: string;
      status: 'conflict';
      detail: Message;
      detail_key?: KeyedMessage | null;
      row: WireRow | null;
    };

export interface PushAnswer<Message = string> {
  results: MutationResult<Message>[];
  last_seq: number;
}

/** One change of a pull page: a row as devices store it (refs as ids), or a deletion. */
export type PulledChange =
  | { resource: string; op: 'upsert'; row: WireRow & { id: string } }
  | { resource: string; op: 'delete'; id: string };

export interface PullPage {
  changes: PulledChange[];
  cursor: string;
  has_more: boolean;
  /** Live rows of the scope, on a first pull (no cursor) only, for progress. */
  total?: number;
}

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
type PulledChange =
  | { resource: string; op: 'upsert'; row: WireRow & { id: string } }
  | { resource: string; op: 'delete'; id: string };

/** A pull page in the first format: one object per change (what a pull without `format` is answered). */
export interface PullPage {
  changes: PulledChange[];
  cursor: string;
  has_more: boolean;
  /** Live rows of the scope, on a first pull (no cursor) only, for progress. */
  total?: number;
}

/**
 * One resource's changes in a page of the columns format: its field names once (`columns`, in the order
 * the server reads them), each live row as an array of its values in that order, each deletion as the
 * record's id. A record is at most once in a page (a change is its row's latest state).
 */
interface PulledTable {
  resource: string;
  columns: string[];
  rows: unknown[][];
  deleted: string[];
}

/**
 * A pull page in the columns format, asked for with `format=columns` (a server older than it answers a
 * PullPage, which names no format): a page of 5,000 rows is about half the bytes, and the device parses
 * each field name once, not once per row. Cursor, `has_more` and `total` as in PullPage; the page's
 * changes, applied together with its cursor, are the same.
 */
export interface ColumnsPullPage {
  format: 'columns';
  tables: PulledTable[];
  cursor: string;
  has_more: boolean;
  total?: number;
}

/** A pulled page as the device applies it, whichever format the server answered in (src/api/sync.ts). */
export interface PulledPage {
  /** Each resource's rows in the page (objects, as the device stores them) and the ids it deletes. */
  tables: { resource: string; rows: (WireRow & { id: string })[]; deleted: string[] }[];
  /** Changes in the page (rows and deletions). */
  size: number;
  cursor: string;
  has_more: boolean;
  total?: number;
}

import type { Kysely } from 'kysely';
import type { Role } from '../../../src/domain/resource.js';
import type { Engine } from '../../db/database.js';
import type { RowReader } from './reads.js';

// Who writes and where: taken by every write of the engine (write.ts), the delete cascade (cascade.ts)
// and the audit log (audit.ts), apart from them so none of those imports another in a circle.

export interface Actor {
  userId: string;
  /** The user's role, for the checks made on the row; absent for writes the server makes itself. */
  role?: Role;
  clientId?: string;
  mutationId?: string;
  /** The device's own time of the change (kept in the audit log). */
  occurredAt?: string;
  /** How long before the device sent it the change was made, on the device's clock (orders it). */
  ageMs?: number;
}

export interface WriteScope {
  db: Kysely<unknown>;
  engine: Engine;
  /** Where the checks read other rows; default the database (a sync push reads its batch's at once). */
  reader?: RowReader;
}

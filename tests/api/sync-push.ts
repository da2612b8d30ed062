// Pushes over the real HTTP path for the server's sync tests: a device's changes numbered in order, and
// the batch sent as a tablet sends it (200 expected; the per-change answers returned).
import { expect } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import type { Fixtures } from './fixtures.js';

export interface PushResult {
  mutation_id: string;
  status: string;
  errors?: Record<string, string[]>;
  error_keys?: Record<string, ({ key: string; values: Record<string, unknown> } | null)[]>;
  row?: Record<string, unknown> | null;
}

/**
 * One device's changes for the fixture server `rig`. `madeAgoMs`: how long before now each change was
 * made; `withSentAt`: the batch carries the device's clock (sent_at), as the current app sends it.
 */
export function devicePusher(
  rig: { f: Fixtures },
  { madeAgoMs = 0, withSentAt = false }: { madeAgoMs?: number; withSentAt?: boolean } = {},
) {
  const clientId = uuidv7();
  let seq = 0;
  const change = (resource: string, op: string, id: string, data: Record<string, unknown> = {}) => ({
    mutation_id: uuidv7(),
    seq: ++seq,
    resource,
    op,
    id,
    data,
    occurred_at: new Date(Date.now() - madeAgoMs).toISOString(),
  });
  async function push(mutations: ReturnType<typeof change>[], token = rig.f.adminToken, client = clientId) {
    const body = withSentAt
      ? { client_id: client, sent_at: new Date().toISOString(), mutations }
      : { client_id: client, mutations };
    const answer = await rig.f.api<{ results: PushResult[] }>('POST', '/api/sync/push/', { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.results;
  }
  /** The next change's number, for a copy of a change sent again under a new one. */
  const nextSeq = () => ++seq;
  return { clientId, change, push, nextSeq };
}

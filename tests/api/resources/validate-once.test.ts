// The tally's "validate once" rule over REST, as in the sync push: validating a packing item that is
// already validated (a new who or when) is a 409 naming who validated it and when, never an overwrite.
// The same record sent back as read, a correction of its hold, and an undo are not new validations.
import { describe, expect, it } from 'vitest';
import { fixtureServer, type Row } from '../fixtures.js';

const rig = fixtureServer();

describe('validating a packing item over REST', () => {
  it('is done once: a second validation is a 409 naming who validated it and when', async () => {
    const { f } = rig;
    const item = await f.create('packing-list');
    const prompter = await f.read('users', f.staffId);
    const patch = (body: Record<string, unknown>) =>
      f.api<Row & { detail?: string }>('PATCH', `/api/packing-list/${item.id}/`, {
        token: f.adminToken,
        body,
      });
    const first = {
      validated: true,
      validation_datetime: '2026-11-22T10:00:00.000Z',
      validation_prompter_identifier: f.staffId,
      validation_hold: 2,
      processed_quantity: '1.000',
    };
    expect((await patch(first)).status).toBe(200);

    const second = await patch({
      validated: true,
      validation_datetime: '2026-11-22T10:05:00.000Z',
      validation_prompter_identifier: f.adminId,
      processed_quantity: '2.000',
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(`Already validated by ${prompter.username} at 2026-11-22T10:00:00.000Z.`);
    // Without saying it is validating, a new who or when is the same overwrite.
    expect((await patch({ validation_prompter_identifier: f.adminId })).status).toBe(409);
    const stored = await f.read('packing-list', item.id);
    expect(stored).toMatchObject({ ...first, validation_prompter_identifier: { id: f.staffId } });

    // The record sent back as read, with another field changed; a hold corrected: not new validations.
    const put = await f.api('PUT', `/api/packing-list/${item.id}/`, {
      token: f.adminToken,
      body: { ...stored, zone: 'Z9' },
    });
    expect(put.status).toBe(200);
    expect((await patch({ validated: true, validation_hold: 3 })).status).toBe(200);
    // Undone, it may be validated again, by someone else.
    expect((await patch({ validated: false })).status).toBe(200);
    expect(
      (
        await patch({
          validated: true,
          validation_prompter_identifier: f.adminId,
          validation_datetime: '2026-11-22T11:00:00Z',
        })
      ).status,
    ).toBe(200);
  });
});

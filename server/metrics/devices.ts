// What the devices last reported of their outboxes (with every push and pull, sync-protocol.md
// "Devices"), summed for the metrics: changes and files waiting to be sent, and for how long.
import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database.js';

interface Totals {
  devices: number;
  active: number;
  holding: number;
  pending: number;
  pending_max: number;
  needs_attention: number;
  files_pending: number;
  files_pending_max: number;
  oldest_seconds: number;
}

const HELP: Record<keyof Totals, [name: string, help: string]> = {
  devices: ['karbontrack_devices', 'Devices that have ever synced.'],
  active: ['karbontrack_devices_active', 'Devices that synced in the last 24 hours.'],
  holding: ['karbontrack_devices_with_unsent_work', 'Devices that last reported unsent changes or files.'],
  pending: [
    'karbontrack_device_outbox_pending',
    'Changes waiting in the outboxes of all devices, as last reported.',
  ],
  pending_max: [
    'karbontrack_device_outbox_pending_max',
    'The fullest outbox a device last reported (changes).',
  ],
  needs_attention: [
    'karbontrack_device_outbox_needs_attention',
    'Changes the server refused, waiting for their users on the devices, as last reported.',
  ],
  files_pending: [
    'karbontrack_device_upload_queue_files',
    'Files and photos waiting on all devices to be uploaded, as last reported.',
  ],
  files_pending_max: [
    'karbontrack_device_upload_queue_files_max',
    'The longest upload queue a device last reported.',
  ],
  oldest_seconds: [
    'karbontrack_device_oldest_unsent_seconds',
    'Age of the oldest unsent change any device last reported (0: none).',
  ],
};

/** Gauges of the devices' totals, read from the database by refresh() before each scrape. */
export function deviceTotals(database: Database, registers: Registry[]) {
  const gauges = Object.fromEntries(
    Object.entries(HELP).map(([key, [name, help]]) => [key, new Gauge({ name, help, registers })]),
  ) as Record<keyof Totals, Gauge>;
  const up = new Gauge({
    name: 'karbontrack_database_up',
    help: '1 when the database answered the last scrape, 0 when it did not.',
    registers,
  });
  return {
    async refresh() {
      try {
        const { rows } = await sql<Totals>`select count(*)::int as devices,
            count(*) filter (where last_seen_at > now() - interval '24 hours')::int as active,
            count(*) filter (where pending + needs_attention + files_pending > 0)::int as holding,
            coalesce(sum(pending), 0)::int as pending, coalesce(max(pending), 0)::int as pending_max,
            coalesce(sum(needs_attention), 0)::int as needs_attention,
            coalesce(sum(files_pending), 0)::int as files_pending,
            coalesce(max(files_pending), 0)::int as files_pending_max,
            coalesce(extract(epoch from now() - min(oldest_pending_at)), 0)::float8 as oldest_seconds
          from sync_device`.execute(database.db);
        const totals = rows[0];
        if (totals)
          for (const key of Object.keys(HELP) as (keyof Totals)[]) gauges[key].set(Number(totals[key]));
        up.set(1);
      } catch {
        // The scrape still answers (Node's and the request figures); the device figures are left out.
        for (const gauge of Object.values(gauges)) gauge.reset();
        up.set(0);
      }
    },
  };
}

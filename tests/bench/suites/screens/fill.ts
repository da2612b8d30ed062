// Fills the signed-in user's local database straight through IndexedDB, in the page (a first sync of
// this size takes minutes; the screens' timings are what is measured): 2,000 projects, and one project
// with 20,000 packing items, a Working shift event and a hand that validated 2,000 of them in 1,000 lifts.
import type { Page } from 'playwright-core';

export interface Filled {
  projects: number;
  packing: number;
  bigProject: string;
  hand: string;
  /** A reference not validated yet, to tally (by its last digits). */
  free: string[];
}

const FILL_SCRIPT = `async ({ projects, packing, validated }) => {
  const user = JSON.parse(localStorage.getItem('user') || '{}');
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('karbontrack-' + user.id);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const all = (name) => new Promise((resolve, reject) => {
    const request = db.transaction(name, 'readonly').objectStore(name).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const [statuses, vessels, ports, activities, accounts, commodities, events] = await Promise.all(
    ['project-status', 'vessel', 'port', 'project-activity', 'accounts', 'commodity', 'event'].map(all),
  );
  const planned = statuses.find((s) => s.name === 'Planned') || statuses[0];
  const coil = commodities.find((c) => c.code === 'coil') || commodities[0];
  const working = events.find((e) => e.kind === 'working');
  const now = new Date().toISOString();
  const stamp = (id, seq) => ({ id, version: 1, seq, created_at: now, created_by: null, updated_at: now, updated_by: null, deleted_at: null });
  const pickOf = (list, i) => list.length ? list[i % list.length].id : null;
  const put = (name, rows) => new Promise((resolve, reject) => {
    const tx = db.transaction(name, 'readwrite');
    const store = tx.objectStore(name);
    for (const row of rows) store.put(row);
    tx.oncomplete = () => resolve(undefined);
    tx.onerror = () => reject(tx.error);
  });
  const day = (i) => new Date(Date.UTC(2020, 0, 1) + i * 86400000).toISOString().slice(0, 10);
  const projectRows = [];
  for (let i = 0; i < projects; i++) {
    projectRows.push({ ...stamp(crypto.randomUUID(), 1000 + i), code: 'B-' + String(i).padStart(5, '0'),
      name: (i % 3 ? 'Coils ' : 'Granite ') + i, status: pickOf(statuses, i), activity: pickOf(activities, i),
      commodity: pickOf(commodities, i), customer: pickOf(accounts, i), vessel: pickOf(vessels, i), port: pickOf(ports, i),
      init_date: day(i), end_date: day(i + 5), data_entry_completed: false, voyage: 'V' + i, dock: null });
  }
  const big = projectRows[projects - 1];
  big.status = planned.id;
  big.name = 'Big call';
  await put('project', projectRows);
  const eventId = crypto.randomUUID();
  await put('project-event', [{ ...stamp(eventId, 5000), project: big.id, event: working.id,
    init_date: '2026-11-20T08:00:00.000Z', end_date: '2026-11-20T14:00:00.000Z', notes: null, number_gangs: 2 }]);
  const handId = crypto.randomUUID();
  await put('hand', [{ ...stamp(handId, 5001), event: eventId, project: big.id, description: 'Gang 1', gang_no: 1,
    init_date: '2026-11-20T08:00:00.000Z', end_date: '2026-11-20T14:00:00.000Z' }]);
  const batch = 5000;
  for (let start = 0; start < packing; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(packing, start + batch); i++) {
      const done = i < validated;
      const at = new Date(Date.UTC(2026, 10, 20, 8) + i * 1000).toISOString();
      rows.push({ ...stamp(crypto.randomUUID(), 10000 + i), project: big.id, reference: 'CX-' + String(100000 + i),
        commodity: coil.id, label_color: [], quantity: '1.000', processed_quantity: done ? '1.000' : '0.000',
        net_weight: '12500.000', gross_weight: '12600.000', location: 'onboard', damage: [], other_damage: null,
        requires_attention: false, validated: done, validation_datetime: done ? at : null, validation_hand: done ? handId : null,
        validation_hold: done ? 1 + (i % 4) : null, validation_prompter_identifier: done ? user.id : null,
        zone: null, packing: null, lift_id: done ? 'lift-' + Math.floor(i / 2) : null });
    }
    await put('packing-list', rows);
  }
  db.close();
  return { projects, packing, bigProject: big.id, hand: handId,
    free: Array.from({ length: 12 }, (_, k) => String(100000 + packing - 1 - k)) };
}`;

export async function fillLocalStore(
  page: Page,
  projects: number,
  packing: number,
  validated: number,
): Promise<Filled> {
  return page.evaluate(
    `(${FILL_SCRIPT})(${JSON.stringify({ projects, packing, validated })})`,
  ) as Promise<Filled>;
}

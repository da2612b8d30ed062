// Records whose text fields hold HTML and script payloads, created over the real API by an admin, for the
// walker of tests/e2e/a11y.test.ts. Every text the screens show carries a payload; the codes are unique
// per call, so the test can run twice on one server (its retry).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestServer } from '../../../server/testing';
import { containerCheckDigit } from '../../../src/domain/iso6346';
import { upload } from '../../fixtures/multipart';
import { apiSession, lookupId } from '../projects-support';
import { PAYLOADS } from './audit';
import { PASSWORD } from './server';
import { FIXTURES } from './sync';

export const ADMIN = 'ana_audit';

export interface HostileRecords {
  project: string;
  /** The project's code (unique): a device's new project with it is refused. */
  code: string;
  hand: string;
  container: string;
  /** Texts as typed, by where they show. */
  text: {
    projectName: string;
    projectRemarks: string;
    eventNotes: string;
    handDescription: string;
    handForeman: string;
    reference: string;
    otherDamage: string;
    incidence: string;
    incidenceCauses: string;
    photo: string;
    document: string;
    vessel: string;
    containerOthers: string;
    coilRemarks: string;
    handEvent: string;
    handIncidence: string;
    /** The admin's full name (the welcome line, users lists). */
    adminName: string;
  };
}

/** The admin the walker signs in as (Devices needs an admin); created once per server. */
export async function ensureAdmin(server: TestServer): Promise<void> {
  const rows = await server.query('SELECT 1 FROM users WHERE username = $1', [ADMIN]);
  if (rows.length === 0)
    await server.createUser({
      username: ADMIN,
      password: PASSWORD,
      first_name: PAYLOADS.img,
      last_name: 'Vidal',
      role: 'admin',
    });
}

export async function seedHostile(server: TestServer): Promise<HostileRecords> {
  await ensureAdmin(server);
  const api = await apiSession(server, ADMIN);
  const run = Math.random().toString(36).slice(2, 7);
  const text: HostileRecords['text'] = {
    projectName: `MV ${PAYLOADS.img} ${run}`,
    projectRemarks: `Remarks ${PAYLOADS.script}`,
    eventNotes: `${PAYLOADS.svg} notes`,
    handDescription: `Gang ${PAYLOADS.svg}`,
    handForeman: `Foreman ${PAYLOADS.link}`,
    reference: `<b>REF</b>-${run}`,
    otherDamage: `Damage ${PAYLOADS.script}`,
    incidence: `Crane ${PAYLOADS.img}`,
    incidenceCauses: `Causes ${PAYLOADS.link}`,
    photo: `Hold ${PAYLOADS.svg}`,
    document: `Plan ${PAYLOADS.script}`,
    vessel: `Vessel ${PAYLOADS.svg} ${run}`,
    containerOthers: `Door ${PAYLOADS.img}`,
    coilRemarks: `Coil ${PAYLOADS.svg}`,
    handEvent: `Hatch ${PAYLOADS.img}`,
    handIncidence: `Stop ${PAYLOADS.svg}`,
    adminName: `${PAYLOADS.img} Vidal`,
  };
  const vessel = await api.post<{ id: string }>('/api/vessel/', { name: text.vessel });
  const discharge = await lookupId(server, 'project_activity', 'Discharge');
  const coil = await lookupId(server, 'commodity', 'Coil');
  const project = await api.post<{ id: string }>('/api/project/', {
    code: `X-${run}`,
    name: text.projectName,
    status: await lookupId(server, 'project_status', 'In progress'),
    activity: discharge,
    commodity: coil,
    vessel: vessel.id,
    init_date: '2026-11-20',
    remarks: text.projectRemarks,
    dock: PAYLOADS.svg,
    agency: PAYLOADS.link,
  });
  const shift = await api.post<{ id: string }>('/api/project-event/', {
    project: project.id,
    event: await lookupId(server, 'event', 'Working shift'),
    init_date: '2026-11-20T08:00:00Z',
    end_date: '2026-11-20T14:00:00Z',
    notes: text.eventNotes,
  });
  const hand = await api.post<{ id: string }>('/api/hand/', {
    event: shift.id,
    description: text.handDescription,
    foreman: text.handForeman,
    activity: discharge,
    init_date: '2026-11-20T08:00:00Z',
    end_date: '2026-11-20T14:00:00Z',
  });
  await api.post('/api/hand-event/', {
    hand: hand.id,
    description: text.handEvent,
    vessel_notes: PAYLOADS.script,
  });
  await api.post('/api/hand-incidence/', { hand: hand.id, issue_description: text.handIncidence });
  await api.post('/api/packing-list/', {
    project: project.id,
    reference: text.reference,
    commodity: coil,
    quantity: '1',
    net_weight: '1000',
    gross_weight: '1010',
    other_damage: text.otherDamage,
    packing: PAYLOADS.link,
  });
  await api.post('/api/remaining-parts/', { project: project.id, quantity: '3', label_color: [] });
  await api.post('/api/incidence/', {
    project: project.id,
    description: text.incidence,
    causes: text.incidenceCauses,
    solution: PAYLOADS.script,
  });
  await api.post('/api/coil-report/', {
    project: project.id,
    commodity: coil,
    activity: discharge,
    remarks: text.coilRemarks,
    agency: PAYLOADS.img,
  });
  await api.post('/api/sof-report/', { project: project.id, remarks: PAYLOADS.script });
  const number = `MSCU${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const container = await api.post<{ id: string }>('/api/container-report/', {
    container_number: `${number}${containerCheckDigit(number)}`,
    external_others: text.containerOthers,
    stowage_others: PAYLOADS.svg,
  });
  const attach = (fields: Record<string, string>, name: string, bytes: Uint8Array, type: string) =>
    upload(`${server.url}/api/project/${project.id}/attachments/`, {
      token: api.token,
      fields,
      file: { name, bytes, type },
    }).then((response) => {
      if (response.status !== 201)
        throw new Error(`upload ${name}: ${response.status} ${JSON.stringify(response.body)}`);
    });
  const photo = new Uint8Array(await readFile(join(FIXTURES, 'photo-1.jpg')));
  await attach({ description: text.photo, is_image: 'true' }, `${PAYLOADS.img}.jpg`, photo, 'image/jpeg');
  const plan = new TextEncoder().encode('stowage plan\n');
  await attach({ description: text.document, is_image: 'false' }, `${PAYLOADS.svg}.txt`, plan, 'text/plain');
  return { project: project.id, code: `X-${run}`, hand: hand.id, container: container.id, text };
}

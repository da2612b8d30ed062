// The previous release (commit 3c85a05): its migrations, and a database in its schema holding what it
// wrote (a customer, a vessel call with its packing list, a signed statement of facts, a photo and the
// signature's image on disk, an admin with a tablet's sign-in token), on disk (PGlite) or in a new
// PostgreSQL database, for the current server to start on.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { hashPassword } from '../../../server/auth/passwords.js';
import { hashToken } from '../../../server/auth/tokens.js';
import { openDatabase } from '../../../server/db/database.js';
import { runMigrations } from '../../../server/db/migrate.js';
import { currentMigrationName, RENAMED_MIGRATIONS } from '../../../server/db/renamed-migrations.js';
import { uuidv7 } from '../../../src/domain/ids.js';
import { png } from '../../fixtures/files.js';

export const RELEASE = '3c85a05';

/** Its migrations and their SHA-256 (git show 3c85a05:server/db/migrations/<name> | sha256sum). */
export const RELEASE_MIGRATIONS: Record<string, string> = {
  '0001_foundation.sql': '5111ece871986a40d818384058b01a5a2fa7cb828671c474d82c5bc90797ab17',
  '0002_domain.sql': '6e18e500667cf55b6b298971483c12ea6ba633ac1ff299b763cbfc9378a898ce',
  '0003_contact.sql': '4ba06906608e21e766798f1d3b1b7f1bc86d005d8ad1f21169dbf33084302bc9',
  '0004_engine.sql': '50a0ac45116b4fd323891b971871f46a524fe38747de01fe5b0497e6cdbaa1d6',
  '0005_sync.sql': '986570aab768a5ac9d8b17e85421417cf77827817ae3dfb4993a74df3170ed27',
  '0006_attachments.sql': '333ee0b8d13c1cb84987e5e9ad33fa7e12408139f0385d13bb32d0760ba22811',
  '0006_attachments_cascade.sql': '109d727bcb8e254568a25916c7419ebc5e903bc63a91ae8dd5a97d42f82bd1b5',
  '0006_attachments_prompter.sql': 'a332e2d4ac52db40db8ab8c4aadcae90c4d8f3e2c3831d93bf88dcc0eb2dc76a',
};
const LAST = Object.keys(RELEASE_MIGRATIONS).map(currentMigrationName).sort().at(-1) ?? '';
/** Stop before the first migration after the release's last one (named as today). */
const BEFORE = `${LAST}~`;

export interface ReleaseData {
  dataDir: string;
  databaseUrl?: string;
  /** A tablet's token from before the upgrade. */
  token: string;
  password: string;
  project: string;
  sof: string;
  /** Attachment id to its bytes. */
  files: Map<string, Buffer>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A database of the previous release, with its data and files, where `dataDir` and `databaseUrl` say. */
export async function releaseDatabase(where: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<ReleaseData> {
  const database = await openDatabase({ ...where, poolSize: 2 });
  const token = randomBytes(24).toString('base64url');
  const password = `upgrade-${randomBytes(6).toString('hex')}`;
  const ids = {
    country: uuidv7(),
    port: uuidv7(),
    commodity: uuidv7(),
    customer: uuidv7(),
    vessel: uuidv7(),
    project: uuidv7(),
    sof: uuidv7(),
    admin: uuidv7(),
  };
  const files = new Map<string, Buffer>();
  try {
    await runMigrations(database, undefined, { before: BEFORE });
    const db = database.db;
    // Recorded under the names the release gave its migrations (since renamed: RENAMED_MIGRATIONS).
    for (const [old, now] of Object.entries(RENAMED_MIGRATIONS))
      if (old in RELEASE_MIGRATIONS)
        await sql`update schema_migrations set name = ${old} where name = ${now}`.execute(db);
    await sql`insert into country (id, code, name) values (${ids.country}, 'ES', 'Spain')`.execute(db);
    await sql`insert into port (id, code, name) values (${ids.port}, 'ESVLC', 'Valencia')`.execute(db);
    await sql`insert into commodity (id, code, name) values (${ids.commodity}, 'coil', 'Coil')`.execute(db);
    await sql`insert into accounts (id, trade_name, tax_id, country)
      values (${ids.customer}, 'Naviera del Turia', 'B46000000', ${ids.country})`.execute(db);
    await sql`insert into vessel (id, name, imo, flag) values (${ids.vessel}, 'Mar de Alborán', '9321483', ${ids.country})`.execute(
      db,
    );
    await sql`insert into users (id, username, role, password_hash)
      values (${ids.admin}, 'marta', 'admin', ${await hashPassword(password)})`.execute(db);
    await sql`insert into auth_token (token_hash, user_id) values (${hashToken(token)}, ${ids.admin})`.execute(
      db,
    );
    await sql`insert into project (id, name, code, customer, vessel, port, country, commodity, init_date, remarks, created_by)
      values (${ids.project}, 'Mar de Alborán V-114', 'VLC-114', ${ids.customer}, ${ids.vessel}, ${ids.port},
        ${ids.country}, ${ids.commodity}, '2026-11-20', 'Discharge at berth 3', ${ids.admin})`.execute(db);
    for (const [reference, quantity] of [
      ['PL-0001', '12.000'],
      ['PL-0002', '7.500'],
    ] as const)
      await sql`insert into packing_list (id, project, reference, commodity, quantity, net_weight, label_color)
        values (${uuidv7()}, ${ids.project}, ${reference}, ${ids.commodity}, ${quantity}, 24.5, '{red,blue}')`.execute(
        db,
      );
    await sql`insert into sof_report (id, project, port, berthing_wharf, reported_and_ready, remarks)
      values (${ids.sof}, ${ids.project}, ${ids.port}, 'Berth 3', '2026-11-20T06:30:00Z', 'Signed by the master')`.execute(
      db,
    );
    const attachments = [
      {
        parent: 'project',
        parentId: ids.project,
        name: 'hatch-2.png',
        image: true,
        bytes: await png(64, 48),
      },
      {
        parent: 'sof-report',
        parentId: ids.sof,
        name: 'signature-master.png',
        image: false,
        bytes: await png(200, 60),
      },
    ];
    for (const item of attachments) {
      const id = uuidv7();
      await sql`insert into attachment (id, is_image, zone, name, content_type, size, sha256, parent_resource, parent_id, project)
        values (${id}, ${item.image}, ${item.image ? 'onboard' : null}, ${item.name}, 'image/png', ${item.bytes.length},
          ${sha256(item.bytes)}, ${item.parent}, ${item.parentId}, ${ids.project})`.execute(db);
      // Where that release kept a file: DATA_DIR/files/<last two characters of the id>/<id>.
      const folder = join(where.dataDir, 'files', id.slice(-2));
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, id), item.bytes);
      files.set(id, item.bytes);
    }
  } finally {
    await database.close();
  }
  return { ...where, token, password, project: ids.project, sof: ids.sof, files };
}

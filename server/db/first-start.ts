import type { Config } from '../config.js';
import { usersService } from '../users/users.service.js';
import type { Database } from './database.js';
import { seedDemoData, seedLookups } from './seed/index.js';

export const DEMO_USERS = [
  { username: 'admin', password: 'Harbour-Crane-2026', role: 'admin', first_name: 'Ana', last_name: 'Marín' },
  { username: 'staff', password: 'Quay-Tally-2026', role: 'staff', first_name: 'Luis', last_name: 'Pardo' },
] as const;

export interface FirstStartResult {
  /** True when this start made the seed (the first start of this database). */
  seeded: boolean;
  /** True when this database holds the demo users. */
  demo: boolean;
}

/**
 * Seeds a new database once: the reference lists always, the demo users and demo vessel call for the
 * embedded database or when DEMO_DATA=1. A marker in app_meta makes every later start skip it, even
 * if the demo users were deleted since.
 */
export async function seedOnFirstStart(database: Database, config: Config): Promise<FirstStartResult> {
  const marker = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'seeded')
    .executeTakeFirst();
  if (marker) return { seeded: false, demo: Boolean((marker.value as { demo?: boolean }).demo) };
  // Users made before the first start (`npm run user -- create`) mean a real installation: no demo
  // accounts with published passwords are added beside them.
  const someone = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const demo = (config.demoData ?? !config.databaseUrl) && !someone;
  if (demo) {
    const users = usersService(database);
    for (const user of DEMO_USERS) await users.create(user);
  }
  await seedLookups(database.db);
  if (demo) await seedDemoData(database.db);
  await database.db
    .insertInto('app_meta')
    .values({ key: 'seeded', value: JSON.stringify({ at: new Date().toISOString(), demo }) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return { seeded: true, demo };
}

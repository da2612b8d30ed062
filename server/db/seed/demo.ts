// seedDemoData: one realistic vessel call for a new installation's demo (a coil discharge with
// 1,500 coils, its events, three hands, incidences and reports, and a container inspection).
// Runs in one transaction; does nothing when a project exists already.
import type { Kysely } from 'kysely';
import { uuidv7 } from '../../../src/domain/ids.js';
import { type DemoContext, type DemoRefs, demoClock } from './demo-context.js';
import { demoHandEvents, demoHandIncidences, demoHandPlans, demoHands } from './demo-hands.js';
import { demoPackingList } from './demo-packing.js';
import { demoProject, demoProjectEvents } from './demo-project.js';
import { demoContainerReport, demoIncidences, demoReports } from './demo-records.js';
import { demoAuthors, idsBy, insertRows, isEmpty, type SeedRow } from './insert.js';

export interface DemoOptions {
  /** The clock the call is placed by: its first working day is the day before. */
  now?: Date;
}

export interface DemoSummary {
  project: string;
  rows: Record<string, number>;
}

async function loadRefs<DB>(db: Kysely<DB>): Promise<DemoRefs> {
  return {
    commodity: await idsBy(db, 'commodity', 'code'),
    activity: await idsBy(db, 'project_activity', 'name'),
    projectStatus: await idsBy(db, 'project_status', 'name'),
    reportStatus: await idsBy(db, 'report_status', 'description'),
    incidenceStatus: await idsBy(db, 'incidence_status', 'name'),
    incidenceType: await idsBy(db, 'incidence_type', 'code'),
    craneType: await idsBy(db, 'crane_type', 'name'),
    port: await idsBy(db, 'port', 'code'),
    vessel: await idsBy(db, 'vessel', 'name'),
    accounts: await idsBy(db, 'accounts', 'trade_name'),
    country: await idsBy(db, 'country', 'code'),
    event: await idsBy(db, 'event', 'description'),
  };
}

/** Ratios of the validated coils over the hands' net working time, for the coil report. */
function coilRatios(packing: SeedRow[], netHours: number) {
  const validated = packing.filter((row) => row.validated === true);
  const kg = validated.reduce((sum, row) => sum + Number(row.net_weight), 0);
  const lifts = new Set(validated.map((row) => row.lift_id)).size;
  const perHour = (value: number) => (value / netHours).toFixed(3);
  return {
    coils_hour: perHour(validated.length),
    tons_hour: perHour(kg / 1000),
    lifting_rate: perHour(lifts),
    effective_time: netHours.toFixed(3),
  };
}

export async function seedDemoData<DB>(
  db: Kysely<DB>,
  options: DemoOptions = {},
): Promise<DemoSummary | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await isEmpty(trx, 'project'))) return null;
    const ctx: DemoContext = {
      refs: await loadRefs(trx),
      authors: await demoAuthors(trx),
      projectId: uuidv7(),
      ...demoClock(options.now ?? new Date()),
    };
    const shifts = { first: uuidv7(), second: uuidv7(), third: uuidv7() };
    const plans = demoHandPlans(ctx);
    const handEvents = demoHandEvents(ctx, plans);
    const packing = demoPackingList(ctx, plans);
    const reports = demoReports(ctx, plans, handEvents[0].id);
    // 08:00-20:00 worked, less the meal break, the rain and the crane breakdown: 9.75 h net.
    Object.assign(reports.coilReport, coilRatios(packing, 9.75));

    const tables: [string, SeedRow[]][] = [
      ['project', [demoProject(ctx)]],
      ['project_event', demoProjectEvents(ctx, shifts)],
      ['hand', demoHands(ctx, shifts, plans)],
      ['hand_event', handEvents],
      ['hand_incidence', demoHandIncidences(ctx, plans)],
      ['packing_list', packing],
      ['incidence', demoIncidences(ctx)],
      ['coil_report', [reports.coilReport]],
      ['sof_report', [reports.sofReport]],
      ['prompter_report', [reports.prompterReport]],
      ['container_report', [demoContainerReport(ctx)]],
    ];
    for (const [table, rows] of tables) await insertRows(trx, table, rows);
    return {
      project: ctx.projectId,
      rows: Object.fromEntries(tables.map(([table, rows]) => [table, rows.length])),
    };
  });
}

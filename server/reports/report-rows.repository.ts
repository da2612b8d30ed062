// The report rows a file is made for, with the names they refer to.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { PrompterFilter } from './prompter-report.js';
import type { SofReportRow } from './sof-report.js';

type Db = Database['db'];

export async function findSofReport(
  db: Db,
  projectId: string,
  id: string,
): Promise<SofReportRow | undefined> {
  const result = await sql<SofReportRow>`
    select r.berthing_wharf, r.reported_and_ready, r.time_to_count, r.despatched, r.eta_portcall,
      r.etd_portcall, r.remarks, pp.name as previous_port_name, p.name as port_name, np.name as next_port_name
    from sof_report r
      left join port pp on pp.id = r.previous_port
      left join port p on p.id = r.port
      left join port np on np.id = r.next_port
    where r.id = ${id} and r.project = ${projectId} and r.deleted_at is null`.execute(db);
  return result.rows[0];
}

export async function findPrompterFilter(
  db: Db,
  projectId: string,
  id: string,
): Promise<PrompterFilter | undefined> {
  const result = await sql<{
    hand: string | null;
    hold: number | null;
    hand_event: string | null;
    description: string | null;
    date: string | null;
    hour_from: string | null;
    hour_to: string | null;
  }>`
    select r.hand, r.hold, r.hand_event, e.description, e.date, e.hour_from, e.hour_to
    from prompter_report r left join hand_event e on e.id = r.hand_event and e.deleted_at is null
    where r.id = ${id} and r.project = ${projectId} and r.deleted_at is null`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    hand: row.hand,
    hold: row.hold,
    handEvent: row.hand_event
      ? { description: row.description, date: row.date, hour_from: row.hour_from, hour_to: row.hour_to }
      : null,
  };
}

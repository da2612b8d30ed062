// The report rows a file is made for, with the names they refer to.
import { sql } from 'kysely';
import { lookupLabel } from '../../src/domain/reference/label.js';
import type { Database } from '../db/database.js';
import type { PrompterFilter } from './prompter-report.js';
import type { SofReportRow } from './sof-report.js';

type Db = Database['db'];

type PortRow = Record<string, unknown> | null;

/** The SOF report row, its ports named in `language`. */
export async function findSofReport(
  db: Db,
  projectId: string,
  id: string,
  language = 'en',
): Promise<SofReportRow | undefined> {
  const result = await sql<
    Omit<SofReportRow, 'previous_port_name' | 'port_name' | 'next_port_name'> & {
      previous_port: PortRow;
      port: PortRow;
      next_port: PortRow;
    }
  >`
    select r.berthing_wharf, r.reported_and_ready, r.time_to_count, r.despatched, r.eta_portcall,
      r.etd_portcall, r.remarks, to_jsonb(pp) as previous_port, to_jsonb(p) as port, to_jsonb(np) as next_port
    from sof_report r
      left join port pp on pp.id = r.previous_port
      left join port p on p.id = r.port
      left join port np on np.id = r.next_port
    where r.id = ${id} and r.project = ${projectId} and r.deleted_at is null`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const { previous_port, port, next_port, ...rest } = row;
  const name = (port: PortRow) => lookupLabel('port', port, language) || null;
  return {
    ...rest,
    previous_port_name: name(previous_port),
    port_name: name(port),
    next_port_name: name(next_port),
  };
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

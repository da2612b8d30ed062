// The container report and its photos, read straight from the tables.
import { sql } from 'kysely';
import type { ContainerReport } from '../../src/domain/container-report.js';
import { isUuid } from '../../src/domain/ids.js';
import { lookupLabel } from '../../src/domain/reference/label.js';
import { resources } from '../../src/domain/registry.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { readCondition } from '../resources/engine/access.js';

type Db = Database['db'];

export type ContainerReportRow = Omit<ContainerReport, 'version' | 'seq' | 'created_by' | 'updated_by'> & {
  manager_username: string | null;
  manager_first_name: string | null;
  manager_last_name: string | null;
  status_description: string | null;
  /** The report status row, named in a language by containerInLanguage. */
  status_row: Readonly<Record<string, unknown>> | null;
  /** The vessel and port rows (names; the port's time zone). */
  vessel_row: Readonly<Record<string, unknown>> | null;
  port_row: Readonly<Record<string, unknown>> | null;
};

/** The report with its status named in `language` (lookupLabel, as the app's screens). */
export function containerInLanguage(report: ContainerReportRow, language: string): ContainerReportRow {
  return { ...report, status_description: lookupLabel('report-status', report.status_row, language) || null };
}

/** The report if the caller may read it (users: all; customer tokens: 403, as for the list), else 404. */
export async function findContainerReport(
  db: Db,
  principal: Principal | null,
  id: string,
): Promise<ContainerReportRow> {
  const access = readCondition(resources['container-report'], principal, 't');
  if (!isUuid(id)) throw notFound();
  const result = await sql<ContainerReportRow>`
    select t.*, u.username as manager_username, u.first_name as manager_first_name,
      u.last_name as manager_last_name, to_jsonb(s) as status_row, to_jsonb(v) as vessel_row,
      to_jsonb(p) as port_row
    from container_report t
      left join users u on u.id = t.manager
      left join report_status s on s.id = t.status
      left join vessel v on v.id = t.vessel
      left join port p on p.id = t.port
    where t.id = ${id} and t.deleted_at is null ${access ? sql`and ${access}` : sql``}`.execute(db);
  const row = result.rows[0];
  if (!row) throw notFound();
  return containerInLanguage(row, 'en');
}

export interface PhotoRow {
  id: string;
  name: string;
  description: string | null;
  zone: string | null;
  /** Who added it: full name, else user name. */
  taken_by: string | null;
}

/** The report's live image attachments, oldest first (ids are UUIDv7: the order they were taken). */
export async function listPhotos(db: Db, reportId: string): Promise<PhotoRow[]> {
  const result = await sql<PhotoRow>`select a.id, a.name, a.description, a.zone,
      coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) as taken_by
    from attachment a left join users u on u.id = a.created_by
    where a.parent_resource = 'container-report' and a.parent_id = ${reportId} and a.is_image
      and a.deleted_at is null
    order by a.id`.execute(db);
  return result.rows;
}

/** The inspector's full name (first and last name; the user name only when there is none). */
export function inspectorName(report: ContainerReportRow): string {
  const full = [report.manager_first_name, report.manager_last_name].filter(Boolean).join(' ').trim();
  return full || report.manager_username || '';
}

// The report rows a file is made for, with the names they refer to.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Refusal } from './coil-list.js';
import type { PrompterFilter } from './prompter-report.js';

type Db = Database['db'];

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

const fullName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.username)`,
  );

/** Validations of the project's items the sync push refused (validated already), oldest first. */
export async function findTallyRefusals(db: Db, projectId: string): Promise<Refusal[]> {
  const result = await sql<Refusal>`
    select p.reference, r.occurred_at, r.at, ${fullName('tu')} as tried_by, r.validation_hand,
      r.validation_hold, ${fullName('vu')} as validated_by, p.validation_datetime as validated_at
    from tally_refusal r
      join packing_list p on p.id = r.packing_item
      left join users tu on tu.id = r.user_id
      left join users vu on vu.id = p.validation_prompter_identifier
    where r.project = ${projectId} and p.deleted_at is null
    order by coalesce(r.occurred_at, r.at), r.mutation_id`.execute(db);
  return result.rows;
}

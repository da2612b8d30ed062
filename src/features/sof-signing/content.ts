// The statement of facts as this tablet would sign it: its content made from the local store by the
// same domain function the server prints with (src/domain/sof/content.ts), so the hash signed offline
// is the server's when the data is the same.
import { type SofContent, type SofName, sofContent, sofHash, sofName } from '../../domain/sof/content';
import type { LocalDb } from '../../store/db';
import { projectZoneOf } from '../../ui/zone';
import { ratiosInputOf } from '../summary';

async function row<N extends 'vessel' | 'port' | 'country' | 'accounts'>(
  db: LocalDb,
  resource: N,
  id: string | null,
) {
  return id ? ((await db.rows(resource).get(id)) ?? null) : null;
}

export interface LocalSof {
  content: SofContent;
  hash: string;
}

/** The SOF of a SOF report row, from what this device holds; null when the report or project is missing. */
export async function localSof(db: LocalDb, projectId: string, reportId: string): Promise<LocalSof | null> {
  const [project, report, input, timeZone] = await Promise.all([
    db.rows('project').get(projectId),
    db.rows('sof-report').get(reportId),
    ratiosInputOf(db, projectId),
    projectZoneOf(db, projectId),
  ]);
  if (!project || !report || report.deleted_at) return null;
  // A port of the SOF report row replaces the project's (its country then is not said).
  const portOf = async (own: string | null, projects: string | null) =>
    sofName('port', await row(db, 'port', own ?? projects));
  const customer = await row(db, 'accounts', project.customer);
  const eventNames = new Map<string, SofName>();
  for (const type of input.eventTypes)
    eventNames.set(type.id, sofName('event', type) ?? { en: '', es: null });
  const content = sofContent({
    ...input,
    sofProject: project,
    report,
    names: {
      vessel: sofName('vessel', await row(db, 'vessel', project.vessel)),
      port: await portOf(report.port, project.port),
      country: report.port ? null : sofName('country', await row(db, 'country', project.country)),
      previous_port: await portOf(report.previous_port, project.previous_port),
      next_port: await portOf(report.next_port, project.next_port),
      customer: customer ? customer.trade_name || null : null,
    },
    eventNames,
    timeZone,
  });
  return { content, hash: sofHash(content) };
}

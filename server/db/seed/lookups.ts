// seedLookups: the reference lists of a new installation. A list that already holds rows is left
// alone, so running it twice adds nothing.
import type { Kysely } from 'kysely';
import { demoAuthors, idsBy, insertRows, isEmpty, need, prepare, type SeedRow } from './insert.js';
import * as data from './lookup-data.js';

export async function seedLookups<DB>(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { admin } = await demoAuthors(trx);
    const make = (resource: string, row: Record<string, unknown>) => prepare(resource, row, { by: admin });
    const fill = async (table: string, rows: () => SeedRow[]) => {
      if (await isEmpty(trx, table)) await insertRows(trx, table, rows());
    };

    await fill('country', () =>
      data.countries.map(([code, name, name_es]) => make('country', { code, name, name_es })),
    );
    const countries = await idsBy(trx, 'country', 'code');
    const country = (code: string) => need(countries, code, 'country');

    await fill('commodity', () => data.commodities.map((row) => make('commodity', row)));
    await fill('project_status', () =>
      data.projectStatuses.map(([name, name_es]) => make('project-status', { name, name_es })),
    );
    await fill('report_status', () =>
      data.reportStatuses.map(([description, description_es]) =>
        make('report-status', { description, description_es }),
      ),
    );
    await fill('incidence_status', () =>
      data.incidenceStatuses.map(([name, name_es]) => make('incidence-status', { name, name_es })),
    );
    await fill('incidence_type', () => data.incidenceTypes.map((row) => make('incidence-type', row)));
    await fill('project_activity', () => data.projectActivities.map((row) => make('project-activity', row)));
    await fill('crane_type', () =>
      data.craneTypes.map(([name, name_es]) => make('crane-type', { name, name_es })),
    );
    await fill('port', () =>
      data.ports.map(([code, name, iso, time_zone, name_es]) =>
        make('port', { code, name, name_es, time_zone, country: country(iso) }),
      ),
    );
    await fill('vessel', () =>
      data.vessels.map(([name, flag]) => make('vessel', { name, flag: country(flag) })),
    );
    await fill('accounts', () =>
      data.accounts.map((row) => make('accounts', { ...row, country: country(row.country) })),
    );
    await fill('event', () =>
      data.eventTypes.map(([description, kind, delay_attribution, description_es]) =>
        make('event', { description, description_es, kind, delay_attribution }),
      ),
    );
  });
}

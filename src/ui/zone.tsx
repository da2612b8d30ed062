// The time zone a project's times are shown in: its port's (IANA, set on the port), else this
// device's. Screens pass it to the date helpers (./format.ts, ./dates.tsx); reports use the same rule.
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import { deviceTimeZone, isTimeZone } from '../domain/time';
import type { LocalDb } from '../store/db';
import { useLocalDb } from '../store/hooks';

/** The port's zone of a project, from the local store; the device's when there is none. */
export async function projectZoneOf(db: LocalDb, projectId: string | null | undefined): Promise<string> {
  const project = projectId ? await db.rows('project').get(projectId) : undefined;
  const portId = typeof project?.port === 'string' ? project.port : null;
  const port = portId ? await db.rows('port').get(portId) : undefined;
  const zone = port?.time_zone;
  return typeof zone === 'string' && zone && isTimeZone(zone) ? zone : deviceTimeZone();
}

/** The project's zone for a screen (undefined while it is read: the device's zone meanwhile). */
function useProjectZone(projectId: string | null | undefined): string | undefined {
  const db = useLocalDb();
  return useLiveQuery(() => (db ? projectZoneOf(db, projectId) : undefined), [db, projectId]);
}

const ZoneContext = createContext<string | undefined>(undefined);

/** Gives the screens under it the project's zone (its port's, else the device's). */
export function ProjectZone({
  projectId,
  children,
}: {
  projectId: string | null | undefined;
  children: ReactNode;
}) {
  return <ZoneContext.Provider value={useProjectZone(projectId)}>{children}</ZoneContext.Provider>;
}

/** The zone of the project on screen, or undefined outside one (the device's zone then). */
export function useZone(): string | undefined {
  return useContext(ZoneContext);
}

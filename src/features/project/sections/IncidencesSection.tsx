// Slot on the project page: the incidence list accordion and detail modal (issue 8). The issue that builds it replaces this placeholder; the page
// lazy-loads this module's default export with the project's id.
import { SectionPlaceholder } from './SectionPlaceholder';

export default function IncidencesSection(_props: { projectId: string }) {
  return <SectionPlaceholder section="incidences" />;
}

// Slot on the project page: the reports accordion: coil_report, sof_report, prompter_report tabs (issue 8). The issue that builds it replaces this placeholder; the page
// lazy-loads this module's default export with the project's id.
import { SectionPlaceholder } from './SectionPlaceholder';

export default function ReportsSection(_props: { projectId: string }) {
  return <SectionPlaceholder section="reports" />;
}

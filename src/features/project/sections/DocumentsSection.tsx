// Slot on the project page: the documents modal and attachments section (issue 7). The issue that builds it replaces this placeholder; the page
// lazy-loads this module's default export with the project's id.
import { SectionPlaceholder } from './SectionPlaceholder';

export default function DocumentsSection(_props: { projectId: string }) {
  return <SectionPlaceholder section="documents" />;
}

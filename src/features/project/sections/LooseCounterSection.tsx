// Slot on the project page: the aluminium loose counter (remaining parts) modal (issue 7). The issue that builds it replaces this placeholder; the page
// lazy-loads this module's default export with the project's id.
import { SectionPlaceholder } from './SectionPlaceholder';

export default function LooseCounterSection(_props: { projectId: string }) {
  return <SectionPlaceholder section="loose_counter" />;
}

// Slot on the project page: the packing list table, filter and detail modals, import (issue 7). The issue that builds it replaces this placeholder; the page
// lazy-loads this module's default export with the project's id.
import { SectionPlaceholder } from './SectionPlaceholder';

export default function PackingListSection(_props: { projectId: string }) {
  return <SectionPlaceholder section="packing_list" />;
}

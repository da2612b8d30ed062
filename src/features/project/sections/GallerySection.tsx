// Slot on the project page: the image gallery (issue 7). The issue that builds it replaces this placeholder; the page
// lazy-loads this module's default export with the project's id.
import { SectionPlaceholder } from './SectionPlaceholder';

export default function GallerySection(_props: { projectId: string }) {
  return <SectionPlaceholder section="gallery" />;
}

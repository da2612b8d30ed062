import { Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { EventsTimeline } from './events/EventsTimeline';

// Sections other issues fill, each its own chunk (see sections/*.tsx).
const PackingListSection = lazy(() => import('./sections/PackingListSection'));
const LooseCounterSection = lazy(() => import('./sections/LooseCounterSection'));
const GallerySection = lazy(() => import('./sections/GallerySection'));
const DocumentsSection = lazy(() => import('./sections/DocumentsSection'));
const IncidencesSection = lazy(() => import('./sections/IncidencesSection'));
const ReportsSection = lazy(() => import('./sections/ReportsSection'));
export const SummaryButton = lazy(() => import('./sections/SummaryButton'));

/** The sections a saved project shows under its form, in the spec's order. */
export function ProjectSections({ projectId }: { projectId: string }) {
  const { hash } = useLocation();
  // The list's documents action lands here with #documents: bring that section into view once loaded.
  useEffect(() => {
    if (hash !== '#documents') return;
    const timer = setTimeout(() => document.getElementById('documents')?.scrollIntoView(), 300);
    return () => clearTimeout(timer);
  }, [hash]);
  // Each section waits for its own code only: the timeline shows while the others load.
  const slot = (section: ReactNode) => <Suspense fallback={<Loader size="sm" />}>{section}</Suspense>;
  return (
    <>
      {slot(<PackingListSection projectId={projectId} />)}
      {slot(<LooseCounterSection projectId={projectId} />)}
      {slot(<GallerySection projectId={projectId} />)}
      <div id="documents">{slot(<DocumentsSection projectId={projectId} />)}</div>
      <EventsTimeline projectId={projectId} />
      {slot(<IncidencesSection projectId={projectId} />)}
      {slot(<ReportsSection projectId={projectId} />)}
    </>
  );
}

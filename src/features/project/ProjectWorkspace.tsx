import { Loader, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { save } from '../../store/active';
import type { RowOfResource } from '../../store/schema';
import { useRecordForm } from '../../ui/form';
import { HistoryButton } from '../../ui/history/HistoryButton';
import { lazyPart } from '../../ui/LoadBoundary';
import { listPlace } from '../../ui/listPlace';
import { labelOf } from '../../ui/lookups';
import { notifyUpdated } from '../../ui/notices';
import { usePreloadWhenSettled } from '../../ui/preload';
import { RecordHeader } from '../../ui/record/RecordHeader';
import { type Section, SectionBar, useSection } from '../../ui/record/SectionBar';
import { StatusTag, useStatusFamilies } from '../../ui/StatusTag';
import { SyncMark } from '../../ui/SyncMark';
import { useRefNames } from '../../ui/useRefNames';
import { EventsTimeline } from './events/EventsTimeline';
import { groupsWithErrors, ProjectForm } from './ProjectForm';
import { PROJECT_REFS, ProjectSummary } from './ProjectSummary';

// Sections other features fill, each its own chunk.
const loaders = {
  packing: () => import('../packing-list/PackingListSection'),
  loose: () => import('../loose-counter/LooseCounterSection'),
  files: () => import('../gallery/GallerySection'),
  documents: () => import('../documents/AttachmentsSection'),
  incidences: () => import('../incidences/IncidencesSection'),
  reports: () => import('../project-reports/ReportsSection'),
};
// A section loading shows a small loader in its place.
const SECTION_LOADING = { fallback: <Loader size="sm" /> };
const PackingListSection = lazyPart(loaders.packing, SECTION_LOADING);
const LooseCounterSection = lazyPart(loaders.loose, SECTION_LOADING);
const GallerySection = lazyPart(loaders.files, SECTION_LOADING);
const DocumentsSection = lazyPart(loaders.documents, SECTION_LOADING);
const IncidencesSection = lazyPart(loaders.incidences, SECTION_LOADING);
const ReportsSection = lazyPart(loaders.reports, SECTION_LOADING);
const SummaryButton = lazyPart(() => import('../summary/SummaryButton'));
// Once the page has settled, the other sections' code, so a tab opens at once.
const preloadSections = () => Promise.all(Object.values(loaders).map((load) => load()));

const SECTIONS = ['packing', 'events', 'incidences', 'files', 'reports', 'general'] as const;
// The photos and the documents share a section: a link to either (the list's Documents) opens it.
const PARTS = { photos: 'files', documents: 'files' };
const OPEN_AT_FIRST = ['call', 'vessel_port'];

function useProjectSave(project: RowOfResource<'project'> | null) {
  const form = useRecordForm(project ?? {}, { draft: `project:${project?.id ?? 'new'}` });
  const [open, setOpen] = useState<string[]>(OPEN_AT_FIRST);
  const submit = async () => {
    const result = await form.submit((values) => save('project', { ...values, id: project?.id }));
    // Every group holding a field the save refused opens, so its message shows.
    if (!result) setOpen((current) => [...new Set([...current, ...groupsWithErrors(form)])]);
    else notifyUpdated();
    return result;
  };
  return { form, open, setOpen, submit };
}

/** A link to a part of a section (#documents): brought into view once its section has loaded. */
function useScrollToPart() {
  const { hash } = useLocation();
  useEffect(() => {
    const part = hash.replace(/^#/, '');
    if (!(part in PARTS)) return;
    const timer = setTimeout(() => document.getElementById(part)?.scrollIntoView(), 300);
    return () => clearTimeout(timer);
  }, [hash]);
}

/** /project: the general data form of a new project; once saved, its workspace. */
export function NewProject() {
  const { t } = useTranslation(['project', 'ui']);
  const navigate = useNavigate();
  const { form, open, setOpen, submit } = useProjectSave(null);
  const create = async () => {
    const result = await submit();
    if (result) navigate(`/project/${result.id}`, { replace: true });
  };
  return (
    <Stack gap="md">
      <RecordHeader
        title={t('new_title')}
        save={{ onSave: () => void create(), busy: form.busy }}
        close={listPlace('/projects')}
      />
      <ProjectForm form={form} onSubmit={() => void create()} open={open} onOpenChange={setOpen} />
    </Stack>
  );
}

/**
 * A saved project: its header (status, Summary, Save, Close), its sections one tap away, the general data
 * in short above them and in full in their own section.
 */
export function ProjectWorkspace({ project }: { project: RowOfResource<'project'> }) {
  const { t } = useTranslation(['project', 'ui']);
  const navigate = useNavigate();
  const { form, open, setOpen, submit } = useProjectSave(project);
  const names = useRefNames(PROJECT_REFS, project);
  const families = useStatusFamilies('project-status');
  const sections: Section[] = SECTIONS.map((key) => ({ key, label: t(`tabs.${key}`) }));
  const active = useSection(sections, PARTS);
  usePreloadWhenSettled(preloadSections);
  useScrollToPart();
  const update = async () => {
    // A refusal shows under its field, in the general data.
    if (!(await submit()) && active !== 'general') navigate({ hash: 'general' });
  };
  const name = project.name ?? '';
  const content: Record<(typeof SECTIONS)[number], ReactNode> = {
    packing: (
      <>
        <PackingListSection projectId={project.id} />
        <LooseCounterSection projectId={project.id} />
      </>
    ),
    events: <EventsTimeline projectId={project.id} />,
    incidences: <IncidencesSection projectId={project.id} />,
    files: (
      <>
        <div id="photos">
          <GallerySection projectId={project.id} />
        </div>
        <div id="documents">
          <DocumentsSection projectId={project.id} />
        </div>
      </>
    ),
    reports: <ReportsSection projectId={project.id} />,
    general: <ProjectForm form={form} onSubmit={() => void update()} open={open} onOpenChange={setOpen} />,
  };
  return (
    <Stack gap="md">
      <RecordHeader
        title={t('title', { name })}
        marks={
          <>
            <StatusTag label={names?.status ?? ''} family={families.get(String(project.status))} />
            <SyncMark row={project} />
          </>
        }
        actions={
          <>
            <HistoryButton resource="project" id={project.id} title={labelOf('project', project)} />
            <SummaryButton projectId={project.id} />
          </>
        }
        save={
          active === 'general' || form.dirty ? { onSave: () => void update(), busy: form.busy } : undefined
        }
        close={listPlace('/projects')}
        sections={<SectionBar sections={sections} active={active} />}
      />
      {active !== 'general' && <ProjectSummary project={project} />}
      <Stack gap="xl" data-testid={`workspace-${active}`}>
        {content[active as (typeof SECTIONS)[number]]}
      </Stack>
    </Stack>
  );
}

import { Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useRecord } from '../../store/hooks';
import { HistoryButton } from '../../ui/history/HistoryButton';
import { labelOf } from '../../ui/lookups';
import { ProjectZone } from '../../ui/zone';
import { ProjectForm } from './ProjectForm';
import { ProjectSections, SummaryButton } from './ProjectSections';

export default function ProjectPage() {
  const { t } = useTranslation(['project', 'common']);
  const { id } = useParams();
  const project = useRecord('project', id);
  // The hand page's code loads in the background: its view links open without waiting for it.
  useEffect(() => {
    void import('../hand/HandPage').catch(() => undefined);
  }, []);

  if (!id) return <ProjectForm key="new" project={null} />;
  if (!project)
    return (
      <Stack>
        <Title order={1} data-testid="page-title">
          {t('common:pages.project')}
        </Title>
        {project === undefined ? <Loader /> : <Text data-testid="project-missing">{t('missing')}</Text>}
      </Stack>
    );
  return (
    <ProjectZone projectId={project.id}>
      <Stack gap="xl">
        <ProjectForm
          key={project.id}
          project={project}
          actions={
            <>
              <HistoryButton resource="project" id={project.id} title={labelOf('project', project)} />
              <Suspense fallback={null}>
                <SummaryButton projectId={project.id} />
              </Suspense>
            </>
          }
        />
        <ProjectSections projectId={project.id} />
      </Stack>
    </ProjectZone>
  );
}

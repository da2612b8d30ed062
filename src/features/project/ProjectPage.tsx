import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useRecord } from '../../store/hooks';
import { ProjectZone } from '../../ui/zone';
import { NewProject, ProjectWorkspace } from './ProjectWorkspace';

export default function ProjectPage() {
  const { t } = useTranslation(['project', 'common']);
  const { id } = useParams();
  const project = useRecord('project', id);
  // The hand page's code loads in the background: its view links open without waiting for it.
  useEffect(() => {
    void import('../hand/HandPage').catch(() => undefined);
  }, []);

  if (!id) return <NewProject />;
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
      <ProjectWorkspace key={project.id} project={project} />
    </ProjectZone>
  );
}

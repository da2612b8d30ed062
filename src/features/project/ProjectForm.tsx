import { Accordion, ActionIcon, Alert, Group, SimpleGrid, Stack, Title, Tooltip } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { save } from '../../store/active';
import type { LocalRow } from '../../store/schema';
import { otherErrors, useRecordForm } from '../../ui/form';
import { IconClose, IconSave } from '../../ui/icons';
import { notifyUpdated } from '../../ui/notices';
import { RecordField } from '../../ui/RecordField';
import { SyncBadge } from '../../ui/SyncBadge';
import { PROJECT_FORM_FIELDS, PROJECT_GROUPS } from './groups';

interface ProjectFormProps {
  /** The stored project, or null for a new one. */
  project: LocalRow | null;
  /** Extra header actions (the summary chart icon). */
  actions?: ReactNode;
}

/** The general data form, always shown: the title bar with save and close, then the field groups. */
export function ProjectForm({ project, actions }: ProjectFormProps) {
  const { t } = useTranslation(['project', 'ui']);
  const navigate = useNavigate();
  const form = useRecordForm(project ?? {});
  // The call and the vessel and port open; the other groups render their fields when opened.
  const [open, setOpen] = useState<string[]>(['call', 'vessel_port']);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit((values) => save('project', { ...values, id: project?.id }));
    if (!result) {
      // Open every group holding a field the save refused, so its message shows.
      setOpen((current) => [...new Set([...current, ...groupsWithErrors()])]);
      return;
    }
    notifyUpdated();
    if (!project) navigate(`/project/${result.id}`, { replace: true });
  }

  const banner = otherErrors(form.errors, PROJECT_FORM_FIELDS);
  function groupsWithErrors(): string[] {
    return PROJECT_GROUPS.filter((group) => group.fields.some((field) => form.errorsRef.current[field])).map(
      (group) => group.key,
    );
  }
  const name = typeof project?.name === 'string' ? project.name : '';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="project-form">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={1} data-testid="page-title">
              {project ? t('title', { name }) : t('new_title')}
            </Title>
            {project && <SyncBadge row={project} />}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {actions}
            <Tooltip label={t('ui:form.save')}>
              <ActionIcon type="submit" size="xl" aria-label={t('ui:form.save')} loading={form.busy}>
                <IconSave />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('ui:form.close')}>
              <ActionIcon
                component={Link}
                to="/projects"
                variant="default"
                size="xl"
                aria-label={t('ui:form.close')}
              >
                <IconClose />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {banner.length > 0 && (
          <Alert color="red" data-testid="form-errors">
            {banner.join(' ')}
          </Alert>
        )}
        <Accordion multiple value={open} onChange={setOpen} variant="separated">
          {PROJECT_GROUPS.map((group) => (
            <Accordion.Item key={group.key} value={group.key}>
              <Accordion.Control>{t(`groups.${group.key}`)}</Accordion.Control>
              <Accordion.Panel>
                {open.includes(group.key) && (
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                    {group.fields.map((field) => (
                      <RecordField key={field} resource="project" name={field} form={form} ns="project" />
                    ))}
                  </SimpleGrid>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </form>
  );
}

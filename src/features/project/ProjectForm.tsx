import { Accordion, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from '../../ui/form';
import { RecordField } from '../../ui/RecordField';
import { RecordFormFrame } from '../../ui/RecordFormFrame';
import { PROJECT_FORM_FIELDS, PROJECT_GROUPS } from './groups';

const PROJECT_FORM_ID = 'project-form';

interface ProjectFormProps {
  form: RecordForm;
  onSubmit: () => void;
  /** The groups open: the call and the vessel and port at first, and any holding a refused field. */
  open: string[];
  onOpenChange: (open: string[]) => void;
}

/** The general data form: its field groups (Save and Close are in the page's header). */
export function ProjectForm({ form, onSubmit, open, onOpenChange }: ProjectFormProps) {
  const { t } = useTranslation(['project', 'ui']);
  return (
    <RecordFormFrame
      form={form}
      resource="project"
      fields={PROJECT_FORM_FIELDS}
      onSubmit={onSubmit}
      id={PROJECT_FORM_ID}
      testId="project-form"
    >
      <Accordion multiple value={open} onChange={onOpenChange} variant="separated">
        {PROJECT_GROUPS.map((group) => (
          <Accordion.Item key={group.key} value={group.key}>
            <Accordion.Control>{t(`groups.${group.key}`)}</Accordion.Control>
            <Accordion.Panel>
              {/* The other groups render their fields when opened. */}
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
    </RecordFormFrame>
  );
}

/** The groups holding a field the last save refused. */
export function groupsWithErrors(form: RecordForm): string[] {
  return PROJECT_GROUPS.filter((group) => group.fields.some((field) => form.errorsRef.current[field])).map(
    (group) => group.key,
  );
}

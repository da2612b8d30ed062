import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ResourceName } from '../domain/registry';
import { remove } from '../store/active';
import { IconEdit, IconEye, IconFile, IconTrash } from './icons';
import { notifyDeleted } from './notices';

/** useConfirmDelete's `ask`: the name the dialog confirms and the deletion it runs on Delete. */
export type AskDelete = (title: string, action: () => Promise<unknown>) => void;

interface RowActionsProps {
  /** Actions before the others (a report's generation, the documents modal's button). */
  children?: ReactNode;
  /** Link to the record's documents. */
  documents?: string;
  /** Link to the record's page. */
  view?: string;
  /** Edit: the record's page, or what opens its form. */
  edit?: string | (() => void);
  /** Delete, once `ask` has had it confirmed naming `title`; without it, no delete button. */
  remove?: { resource: ResourceName; id: string; title: string; ask: AskDelete };
}

/** A list row's actions: its own ones, documents, view, edit and delete with confirmation. */
export function RowActions({ children, documents, view, edit, remove: removal }: RowActionsProps) {
  const { t } = useTranslation('ui');
  const link = (to: string, label: string, icon: ReactNode) => (
    <ActionIcon component={Link} to={to} variant="subtle" size="xl" aria-label={label}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
      {documents !== undefined && link(documents, t('actions.documents'), <IconFile size={20} />)}
      {view !== undefined && link(view, t('actions.view'), <IconEye size={20} />)}
      {typeof edit === 'string' && link(edit, t('actions.edit'), <IconEdit size={20} />)}
      {typeof edit === 'function' && (
        <ActionIcon variant="subtle" size="xl" aria-label={t('actions.edit')} onClick={edit}>
          <IconEdit size={20} />
        </ActionIcon>
      )}
      {removal && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="xl"
          aria-label={t('actions.delete')}
          onClick={() =>
            removal.ask(removal.title, async () => {
              await remove(removal.resource, removal.id);
              notifyDeleted();
            })
          }
        >
          <IconTrash size={20} />
        </ActionIcon>
      )}
    </Group>
  );
}

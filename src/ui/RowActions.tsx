import { ActionIcon, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { remove } from '../store/active';
import { IconEdit, IconEye, IconFile, IconTrash } from './icons';
import { Link } from './Link';
import { useRowLayout } from './list/rowLayout';
import { notifyDeleted } from './notices';

/** useConfirmDelete's `ask`: the name the dialog confirms and the deletion it runs on Delete. */
export type AskDelete = (title: string, action: () => Promise<unknown>) => void;

interface RowActionProps {
  label: string;
  icon: ReactNode;
  /** A page to go to, or what to do. */
  to?: string;
  onClick?: () => void;
  color?: string;
  disabled?: boolean;
  busy?: boolean;
  testId?: string;
}

/**
 * One action of a list row: the icon and its word on a card (a phone, where there is room under the record)
 * and in a table wide enough for them; an icon named for screen readers in a table that has room only for
 * that.
 */
export function RowAction({ label, icon, to, onClick, color, disabled, busy, testId }: RowActionProps) {
  const layout = useRowLayout();
  const common = { color, onClick, disabled, loading: busy, 'data-testid': testId };
  if (layout !== 'table') {
    const button = {
      ...common,
      variant: 'default',
      c: color === 'red' ? 'red.9' : undefined,
      size: 'md',
      leftSection: icon,
      // A long word ('Firmar o descargar la relación de hechos') wraps inside the card, not past the screen;
      // in a table it stays on one line (the table gives way to icons when the words do not fit).
      h: 'auto',
      mih: 44,
      maw: '100%',
      styles: { label: { whiteSpace: layout === 'card' ? 'normal' : 'nowrap', paddingBlock: 6 } },
    } as const;
    return to === undefined ? (
      <Button {...button}>{label}</Button>
    ) : (
      <Button component={Link} to={to} {...button}>
        {label}
      </Button>
    );
  }
  // Where only the icon fits: its word for screen readers, and as the pointer's tooltip on a desk.
  const iconButton = { ...common, variant: 'subtle', size: 'xl', 'aria-label': label, title: label } as const;
  return to === undefined ? (
    <ActionIcon {...iconButton}>{icon}</ActionIcon>
  ) : (
    <ActionIcon component={Link} to={to} {...iconButton}>
      {icon}
    </ActionIcon>
  );
}

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
  const layout = useRowLayout();
  return (
    <Group gap={4} wrap={layout === 'card' ? 'wrap' : 'nowrap'} justify="flex-end">
      {children}
      {documents !== undefined && (
        <RowAction to={documents} label={t('actions.documents')} icon={<IconFile size={20} />} />
      )}
      {view !== undefined && <RowAction to={view} label={t('actions.view')} icon={<IconEye size={20} />} />}
      {edit !== undefined && (
        <RowAction
          {...(typeof edit === 'string' ? { to: edit } : { onClick: edit })}
          label={t('actions.edit')}
          icon={<IconEdit size={20} />}
        />
      )}
      {removal && (
        <RowAction
          color="red"
          label={t('actions.delete')}
          icon={<IconTrash size={20} />}
          onClick={() =>
            removal.ask(removal.title, async () => {
              await remove(removal.resource, removal.id);
              notifyDeleted();
            })
          }
        />
      )}
    </Group>
  );
}

import { Button, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconClose, IconSave } from '../icons';
import { Link } from '../Link';
import classes from './record.module.css';

interface RecordHeaderProps {
  title: string;
  /** Beside the title: its sync mark, its status. */
  marks?: ReactNode;
  /** Before Save and Close (Summary, Download PDF). */
  actions?: ReactNode;
  /** Save: what it does, and whether it is at work; no Save without it. */
  save?: { onSave: () => void; busy: boolean };
  /** Where Close goes (the list where the user was, or the parent record). */
  close: string;
  /** The record's sections (./SectionBar.tsx). */
  sections?: ReactNode;
}

/**
 * The head of a record's page: its name, and Save and Close said in words, always in reach (at the top
 * of the window as the page scrolls, or at the bottom of a phone's screen).
 */
export function RecordHeader({ title, marks, actions, save, close, sections }: RecordHeaderProps) {
  const { t } = useTranslation('ui');
  return (
    <div className={classes.top} data-testid="record-header">
      <div className={classes.header}>
        <div className={classes.heading}>
          <Title order={1} className={classes.title} data-testid="page-title">
            {title}
          </Title>
          {marks}
        </div>
        <div className={classes.actions}>
          {actions && <div className={classes.extra}>{actions}</div>}
          <div className={classes.primary} data-record-actions>
            {save && (
              <Button
                onClick={save.onSave}
                size="md"
                loading={save.busy}
                leftSection={<IconSave size={20} />}
                data-testid="record-save"
              >
                {t('form.save')}
              </Button>
            )}
            <Button
              component={Link}
              to={close}
              variant="default"
              size="md"
              leftSection={<IconClose size={20} />}
              data-testid="record-close"
            >
              {t('form.close')}
            </Button>
          </div>
        </div>
      </div>
      {sections && <div className={classes.sections}>{sections}</div>}
    </div>
  );
}

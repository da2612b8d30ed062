import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import { lazyPart } from '../LoadBoundary';

const HistoryModal = lazyPart(() => import('./HistoryModal'));

/** Opens a record's history (who changed what, when): on every record's screen and form. */
export function HistoryButton({
  resource,
  id,
  title,
}: {
  resource: ResourceName;
  id: string;
  title: string;
}) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} data-testid="history-button">
        {t('history')}
      </Button>
      {open && <HistoryModal resource={resource} id={id} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}

// The claim bundle (issue 21) of the incidences listed: their photos and documents as stored, with a
// manifest of hashes and provenance and a PDF index, made by the server (online only), through the
// documents' claim bundle dialog.
import { Button, Checkbox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeClaimBundle } from '../../api/reports';
import { useLocalDb } from '../../store/hooks';
import { IconDownload } from '../../ui/icons';
import { ClaimBundleDialog } from '../documents';
import { emptyIncidenceFilters, type IncidenceFilters, incidencePage } from './queries';

interface Props {
  projectId: string;
  filters: IncidenceFilters;
  /** How many incidences the list shows (with its filters). */
  listed: number;
}

export function ClaimBundleButton({ projectId, filters, listed }: Props) {
  const { t } = useTranslation('reports');
  const db = useLocalDb();
  const [opened, setOpened] = useState(false);
  const [projectFiles, setProjectFiles] = useState(false);

  return (
    <>
      <Button
        variant="default"
        size="md"
        leftSection={<IconDownload size={18} />}
        onClick={() => setOpened(true)}
        data-testid="claim-bundle-open"
      >
        {t('claim.button')}
      </Button>
      <ClaimBundleDialog
        opened={opened}
        onClose={() => setOpened(false)}
        what={t('claim.what', { count: listed })}
        empty={listed === 0 || !db}
        choices={(busy) => (
          <Checkbox
            label={t('claim.project_files')}
            checked={projectFiles}
            disabled={busy}
            onChange={(event) => setProjectFiles(event.currentTarget.checked)}
          />
        )}
        make={async (options, onProgress) => {
          // Filtered: the incidences listed; else every incidence of the project (the server's list).
          const filtered = JSON.stringify(filters) !== JSON.stringify(emptyIncidenceFilters);
          const incidences =
            filtered && db
              ? (await incidencePage(db, projectId, filters, 1, 100_000)).rows.map(({ row }) => row.id)
              : undefined;
          return makeClaimBundle(
            projectId,
            { ...options, incidences, project_files: projectFiles },
            onProgress,
          );
        }}
      />
    </>
  );
}

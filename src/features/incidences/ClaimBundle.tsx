// The claim bundle (issue 21) of the incidences listed: their photos and documents as stored, with a
// manifest of hashes and provenance and a PDF index, made by the server (online only), with the share
// received shown as it downloads, and the bundle's hash to quote in the claim when it is saved.
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, type ClaimBundleMade, makeClaimBundle } from '../../api/reports';
import { useLocalDb } from '../../store/hooks';
import { useSyncStatus } from '../../sync/status';
import { IconDownload } from '../../ui/icons';
import { notifyApiError } from '../../ui/notices';
import { emptyIncidenceFilters, type IncidenceFilters, incidencePage } from './queries';

interface Props {
  projectId: string;
  filters: IncidenceFilters;
  /** How many incidences the list shows (with its filters). */
  listed: number;
}

export function ClaimBundleButton({ projectId, filters, listed }: Props) {
  const { t, i18n } = useTranslation('reports');
  const db = useLocalDb();
  const online = useSyncStatus((state) => state.online);
  const [opened, setOpened] = useState(false);
  const [projectFiles, setProjectFiles] = useState(false);
  const [share, setShare] = useState<number | null>(null);
  const [made, setMade] = useState<ClaimBundleMade | null>(null);
  const busy = share !== null;

  async function make() {
    if (!db || busy) return;
    setMade(null);
    setShare(0);
    try {
      // Filtered: the incidences listed; else every incidence of the project (the server's list).
      const filtered = JSON.stringify(filters) !== JSON.stringify(emptyIncidenceFilters);
      const incidences = filtered
        ? (await incidencePage(db, projectId, filters, 1, 100_000)).rows.map(({ row }) => row.id)
        : undefined;
      const language = (i18n.resolvedLanguage ?? i18n.language) === 'es' ? 'es' : 'en';
      setMade(
        await makeClaimBundle(
          projectId,
          { language, time_zone: browserTimeZone(), incidences, project_files: projectFiles },
          setShare,
        ),
      );
    } catch (error) {
      await notifyApiError(error);
    } finally {
      setShare(null);
    }
  }

  const close = () => {
    if (busy) return;
    setOpened(false);
    setMade(null);
  };

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
      <Modal opened={opened} onClose={close} title={t('claim.title')} centered>
        <Stack gap="sm" data-testid="claim-bundle">
          <Text size="sm">{t('claim.what', { count: listed })}</Text>
          <Checkbox
            label={t('claim.project_files')}
            checked={projectFiles}
            disabled={busy}
            onChange={(event) => setProjectFiles(event.currentTarget.checked)}
          />
          {!online && (
            <Alert color="yellow" data-testid="claim-bundle-offline">
              {t('needs_connection')}
            </Alert>
          )}
          {busy && (
            <Stack gap={4} data-testid="claim-bundle-progress">
              <Text size="sm">{t('claim.progress', { percent: Math.round(share * 100) })}</Text>
              <Progress value={Math.max(3, share * 100)} animated striped aria-label={t('claim.title')} />
            </Stack>
          )}
          {made && (
            <Alert
              color={made.flagged ? 'red' : 'green'}
              data-testid="claim-bundle-done"
              styles={{ wrapper: { minWidth: 0 }, body: { minWidth: 0 } }}
            >
              <Stack gap={6}>
                <Text size="sm">{t('claim.saved', { name: made.filename, count: made.files })}</Text>
                {made.flagged > 0 && (
                  <Text size="sm" fw={700} data-testid="claim-bundle-flagged">
                    {t('claim.flagged', { count: made.flagged })}
                  </Text>
                )}
                <Text size="sm" fw={600}>
                  {t('claim.hash')}
                </Text>
                <Code
                  block
                  data-testid="claim-bundle-hash"
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                >
                  {made.sha256}
                </Code>
                <CopyButton value={made.sha256}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t('claim.copied') : t('claim.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={close} disabled={busy}>
              {t('claim.close')}
            </Button>
            <Button
              size="md"
              onClick={make}
              loading={busy}
              disabled={!online || listed === 0}
              data-testid="claim-bundle-make"
            >
              {t('claim.make')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

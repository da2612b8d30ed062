// The claim bundle's dialog (issue 21), for a project's incidences and for one record's "Download all":
// what goes in, online only, the share received shown as a progress bar while the server makes it and it
// downloads, then the file saved, its count of files, a red line when some are flagged, and the bundle's
// hash (SHA-256 of its manifest.json) with a copy button, to quote in the claim.
import { Alert, Button, Code, CopyButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, type ClaimBundleMade, type ClaimIndexOptions } from '../../api/reports';
import { useSyncStatus } from '../../sync/status';
import { notifyApiError } from '../../ui/notices';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** What goes in, in words. */
  what: string;
  /** Nothing to put in: the download button is disabled. */
  empty?: boolean;
  /** More choices above the buttons (the incidences' "the project's own files too"). */
  choices?: (busy: boolean) => ReactNode;
  /** Makes and saves the bundle, telling the share received. */
  make: (options: ClaimIndexOptions, onProgress: (share: number) => void) => Promise<ClaimBundleMade>;
}

export function ClaimBundleDialog({ opened, onClose, what, empty = false, choices, make }: Props) {
  const { t, i18n } = useTranslation('reports');
  const online = useSyncStatus((state) => state.online);
  const [share, setShare] = useState<number | null>(null);
  const [made, setMade] = useState<ClaimBundleMade | null>(null);
  const busy = share !== null;

  async function run() {
    if (busy) return;
    setMade(null);
    setShare(0);
    try {
      const language = (i18n.resolvedLanguage ?? i18n.language) === 'es' ? 'es' : 'en';
      setMade(await make({ language, time_zone: browserTimeZone() }, setShare));
    } catch (error) {
      await notifyApiError(error);
    } finally {
      setShare(null);
    }
  }

  const close = () => {
    if (busy) return;
    onClose();
    setMade(null);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('claim.title')} centered>
      <Stack gap="sm" data-testid="claim-bundle">
        <Text size="sm">{what}</Text>
        {choices?.(busy)}
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
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('claim.saved', { name: made.filename, count: made.files })}
              </Text>
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
            onClick={() => void run()}
            loading={busy}
            disabled={!online || empty}
            data-testid="claim-bundle-make"
          >
            {t('claim.make')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

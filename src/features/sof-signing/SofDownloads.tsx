// The statement's PDF (online only): as it stands, with the signatures of this very content; and, once
// it was amended after signing, the signed version as it was signed.
import { Button, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { makeSofPdf } from '../../api/reports';
import { IconDownload } from '../../ui/icons';
import { useGenerate } from '../project-reports/useGenerate';

interface Props {
  projectId: string;
  reportId: string;
  /** The content hash of the version signed before an amendment. */
  signedVersion?: string;
}

export function SofDownloads({ projectId, reportId, signedVersion }: Props) {
  const { t } = useTranslation('reports');
  const generation = useGenerate();
  const download = (key: string, signed?: string) =>
    generation.generate(key, (options) =>
      makeSofPdf(projectId, { ...options, report: reportId, ...(signed ? { signed } : {}) }),
    );
  return (
    <Tooltip label={generation.offlineHint} disabled={generation.online}>
      <Group gap="sm">
        <Button
          variant="default"
          size="md"
          leftSection={<IconDownload size={18} />}
          disabled={!generation.online}
          loading={generation.busy === 'pdf'}
          onClick={() => void download('pdf')}
          data-testid="sof-pdf"
        >
          {generation.online ? t('signing.pdf') : t('needs_connection')}
        </Button>
        {signedVersion && (
          <Button
            variant="default"
            size="md"
            leftSection={<IconDownload size={18} />}
            disabled={!generation.online}
            loading={generation.busy === 'signed'}
            onClick={() => void download('signed', signedVersion)}
            data-testid="sof-signed-pdf"
          >
            {t('signing.signed_pdf')}
          </Button>
        )}
      </Group>
    </Tooltip>
  );
}

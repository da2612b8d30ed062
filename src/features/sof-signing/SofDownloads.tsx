// The statement's PDF (online only): as it stands, with the signatures of this very content; and, once
// it was amended after signing, the signed version as it was signed.
import { Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { makeSofPdf } from '../../api/reports';
import { GenerateButton, type GenerateOptions, useGenerate } from '../project-reports';

interface Props {
  projectId: string;
  reportId: string;
  /** The content hash of the version signed before an amendment. */
  signedVersion?: string;
}

export function SofDownloads({ projectId, reportId, signedVersion }: Props) {
  const { t } = useTranslation('reports');
  const generation = useGenerate();
  const pdf = (signed?: string) => (options: GenerateOptions) =>
    makeSofPdf(projectId, { ...options, report: reportId, ...(signed ? { signed } : {}) });
  return (
    <Tooltip label={generation.offlineHint} disabled={generation.online}>
      <Group gap="sm">
        <GenerateButton
          generation={generation}
          name="pdf"
          run={pdf()}
          label={t('signing.pdf')}
          testId="sof-pdf"
        />
        {signedVersion && (
          <GenerateButton
            generation={generation}
            name="signed"
            run={pdf(signedVersion)}
            label={t('signing.signed_pdf')}
            testId="sof-signed-pdf"
          />
        )}
      </Group>
    </Tooltip>
  );
}

// Signing a statement of facts on the tablet, online or not: the statement as it stands on this device,
// where it stands (unsigned, partly signed, signed, amended after signing), and a signature for each of
// the master, the agent and the stevedore's representative.
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SofSignatureRole, sofSignatureRoles } from '../../domain/enums';
import { useLocalDb } from '../../store/hooks';
import { formatDateTime } from '../../ui/format';
import { localSof } from './content';
import { signaturesOf, signingState } from './queries';
import { SignForm } from './SignForm';
import { SofDownloads } from './SofDownloads';
import { SofPreview } from './SofPreview';

interface Props {
  projectId: string;
  reportId: string;
  onClose: () => void;
}

const STATE_COLOR = { unsigned: 'gray', signing: 'blue', signed: 'teal', amended: 'red' } as const;

export default function SignModal({ projectId, reportId, onClose }: Props) {
  const { t } = useTranslation('reports');
  const db = useLocalDb();
  const small = useMediaQuery('(max-width: 48em)');
  const [signing, setSigning] = useState<SofSignatureRole | null>(null);
  const data = useLiveQuery(async () => {
    if (!db) return undefined;
    const [sof, signatures] = await Promise.all([
      localSof(db, projectId, reportId),
      signaturesOf(db, reportId),
    ]);
    return { sof, signatures };
  }, [db, projectId, reportId]);

  const sof = data?.sof;
  const state = sof && data ? signingState(sof.hash, data.signatures) : null;
  const current = sof
    ? (data?.signatures ?? []).filter((signature) => signature.content_hash === sof.hash)
    : [];
  const zone = sof?.content.time_zone;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('signing.title')}
      size="xl"
      fullScreen={small}
      data-testid="sign-modal"
    >
      {!data ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : !sof || !state ? (
        <Text>{t('signing.missing')}</Text>
      ) : (
        <Stack gap="md">
          <Alert color={STATE_COLOR[state.kind]} data-testid="signing-state" data-state={state.kind}>
            {state.kind === 'amended'
              ? t('signing.state_amended', { date: formatDateTime(state.signedAt, zone) })
              : state.kind === 'signing'
                ? t('signing.state_signing', { count: state.signed.length })
                : t(`signing.state_${state.kind}`)}
          </Alert>
          <SofPreview content={sof.content} />
          <SofDownloads
            projectId={projectId}
            reportId={reportId}
            signedVersion={state.kind === 'amended' ? data.signatures.at(-1)?.content_hash : undefined}
          />
          {sofSignatureRoles.map((role) => {
            const signature = current.filter((row) => row.role === role).at(-1);
            return (
              <Paper key={role} withBorder p="sm" data-testid={`signer-${role}`}>
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={600}>{t(`signing.roles.${role}`)}</Text>
                    {signature ? (
                      <Text size="sm">
                        {t('signing.signed_by', {
                          name: signature.name,
                          date: formatDateTime(signature.signed_at, zone),
                        })}
                        {signature.under_protest && (
                          <Badge color="red" ml="xs">
                            {t('signing.protest_badge')}
                          </Badge>
                        )}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('signing.not_signed')}
                      </Text>
                    )}
                  </Stack>
                  {signing !== role && (
                    <Button
                      size="md"
                      variant={signature ? 'default' : 'filled'}
                      onClick={() => setSigning(role)}
                      data-testid={`sign-as-${role}`}
                    >
                      {signature ? t('signing.sign_again') : t(`signing.sign_as.${role}`)}
                    </Button>
                  )}
                </Group>
                {signing === role && (
                  <SignForm reportId={reportId} role={role} sof={sof} onDone={() => setSigning(null)} />
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Modal>
  );
}

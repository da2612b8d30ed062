import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useRecord } from '../../store/hooks';
import { HistoryButton } from '../../ui/history/HistoryButton';
import { labelOf } from '../../ui/lookups';
import { ProjectZone } from '../../ui/zone';
import { HandEvents } from './HandEvents';
import { HandForm } from './HandForm';
import { HandIncidences } from './HandIncidences';
import { HandPackingList } from './HandPackingList';

const TallyPanel = lazy(() =>
  import('../tally/TallyPanel').then((module) => ({ default: module.TallyPanel })),
);

export default function HandPage() {
  const { t } = useTranslation(['hand', 'common']);
  const { projectId = '', id } = useParams();
  const hand = useRecord('hand', id);
  const [tally, setTally] = useState(false);

  if (!hand)
    return (
      <Stack>
        <Title order={1} data-testid="page-title">
          {t('common:pages.hand')}
        </Title>
        {hand === undefined ? <Loader /> : <Text data-testid="hand-missing">{t('missing')}</Text>}
      </Stack>
    );
  const project = typeof hand.project === 'string' ? hand.project : projectId;
  return (
    <ProjectZone projectId={project}>
      <Stack gap="xl">
        <HandForm
          key={hand.id}
          hand={hand}
          projectId={projectId}
          actions={
            <>
              <HistoryButton resource="hand" id={hand.id} title={labelOf('hand', hand)} />
              <Button
                size="md"
                variant={tally ? 'filled' : 'light'}
                color="teal"
                onClick={() => setTally((on) => !on)}
                aria-pressed={tally}
              >
                {t('tally_mode')}
              </Button>
            </>
          }
        />
        {tally && (
          <Suspense fallback={<Loader />}>
            <TallyPanel projectId={project} handId={hand.id} />
          </Suspense>
        )}
        <HandPackingList handId={hand.id} />
        <HandEvents projectId={project} handId={hand.id} />
        <HandIncidences projectId={project} handId={hand.id} />
      </Stack>
    </ProjectZone>
  );
}

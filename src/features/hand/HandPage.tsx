import { Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { save } from '../../store/active';
import { useRecord } from '../../store/hooks';
import type { RowOfResource } from '../../store/schema';
import { useRecordForm } from '../../ui/form';
import { HistoryButton } from '../../ui/history/HistoryButton';
import { Lazy } from '../../ui/LoadBoundary';
import { lazyRetrying } from '../../ui/lazyRetrying';
import { labelOf } from '../../ui/lookups';
import { notifyUpdated } from '../../ui/notices';
import { RecordHeader } from '../../ui/record/RecordHeader';
import { type Section, SectionBar, useSection } from '../../ui/record/SectionBar';
import { SyncMark } from '../../ui/SyncMark';
import { ProjectZone } from '../../ui/zone';
import { HandEvents } from './HandEvents';
import { HandForm } from './HandForm';
import { HandIncidences } from './HandIncidences';
import { HandPackingList } from './HandPackingList';
import { HandSummary } from './HandSummary';

const TallyPanel = lazyRetrying(async () => ({ default: (await import('../tally/TallyPanel')).TallyPanel }));

// The tally first: a prompter opening the hand is there at once.
const SECTIONS = ['tally', 'validated', 'events', 'incidences', 'details'] as const;

export default function HandPage() {
  const { t } = useTranslation(['hand', 'common']);
  const { projectId = '', id } = useParams();
  const hand = useRecord('hand', id);
  if (!hand)
    return (
      <Stack>
        <Title order={1} data-testid="page-title">
          {t('common:pages.hand')}
        </Title>
        {hand === undefined ? <Loader /> : <Text data-testid="hand-missing">{t('missing')}</Text>}
      </Stack>
    );
  return <HandWorkspace key={hand.id} hand={hand} projectId={projectId} />;
}

function HandWorkspace({ hand, projectId }: { hand: RowOfResource<'hand'>; projectId: string }) {
  const { t } = useTranslation(['hand', 'common']);
  const navigate = useNavigate();
  const form = useRecordForm(hand, { draft: `hand:${hand.id}` });
  const sections: Section[] = SECTIONS.map((key) => ({ key, label: t(`tabs.${key}`) }));
  const active = useSection(sections) as (typeof SECTIONS)[number];
  const project = hand.project ?? projectId;
  const update = async () => {
    const result = await form.submit((values) => save('hand', { ...values, id: hand.id, event: hand.event }));
    if (result) notifyUpdated();
    else if (active !== 'details') navigate({ hash: 'details' });
  };
  const content: Record<(typeof SECTIONS)[number], ReactNode> = {
    tally: (
      <Lazy fallback={<Loader />}>
        <TallyPanel projectId={project} handId={hand.id} />
      </Lazy>
    ),
    validated: <HandPackingList handId={hand.id} />,
    events: <HandEvents projectId={project} handId={hand.id} />,
    incidences: <HandIncidences projectId={project} handId={hand.id} />,
    details: <HandForm form={form} onSubmit={() => void update()} />,
  };
  const name = hand.description ?? '';
  return (
    <ProjectZone projectId={project}>
      <Stack gap="md">
        <RecordHeader
          title={t('title', { name })}
          marks={<SyncMark row={hand} />}
          actions={<HistoryButton resource="hand" id={hand.id} title={labelOf('hand', hand)} />}
          save={
            active === 'details' || form.dirty ? { onSave: () => void update(), busy: form.busy } : undefined
          }
          close={`/project/${projectId}#events`}
          sections={<SectionBar sections={sections} active={active} />}
        />
        {active !== 'details' && active !== 'tally' && <HandSummary hand={hand} />}
        <div data-testid={`workspace-${active}`}>{content[active]}</div>
      </Stack>
    </ProjectZone>
  );
}

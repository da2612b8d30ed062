import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowOfResource } from '../../store/schema';
import { IconUndo } from '../../ui/icons';
import { lazyPart } from '../../ui/LoadBoundary';
import { useNumbers } from '../../ui/numbers';
import { WarningIcon } from '../packing-list';
import { ScanButton } from '../scan';
import { DamageModal } from './DamageModal';
import { HOLDS, LiftItem, referenceOf, TallyAlert } from './LiftParts';
import { splitReferences } from './references';
import { useTally } from './useTally';

// The camera's view and its reader load when the prompter opens it, not with the tally.
const ScanView = lazyPart(async () => ({ default: (await import('../scan/ScanView')).ScanView }));

// The big buttons' words wrap rather than being cut ("Validate lift (3 items)" on a phone).
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 8 } } as const;

/** The prompter's tally: big targets for a gloved hand; Enter adds a reference, Enter on empty validates. */
export function TallyPanel({ projectId, handId }: { projectId: string; handId: string }) {
  const { t } = useTranslation('tally');
  const tally = useTally(projectId, handId);
  const numbers = useNumbers();
  const [input, setInput] = useState('');
  const [damaged, setDamaged] = useState<RowOfResource<'packing-list'> | null>(null);
  const [scanning, setScanning] = useState(false);

  async function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const references = splitReferences(input);
    setInput('');
    if (references.length === 0) await tally.validate();
    else await tally.add(references);
  }

  const refused = tally.message?.tone === 'refused';
  return (
    <Paper
      withBorder
      p="md"
      data-testid="tally"
      style={refused ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 3 } : undefined}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <div>
          <Text fw={600} mb={6}>
            {t('hold')}
          </Text>
          <Group gap="xs" role="radiogroup" aria-label={t('hold')}>
            {HOLDS.map((hold) => (
              <Button
                key={hold}
                size="xl"
                miw={64}
                role="radio"
                aria-checked={tally.hold === hold}
                variant={tally.hold === hold ? 'filled' : 'default'}
                onClick={() => tally.setHold(hold)}
                data-testid={`hold-${hold}`}
              >
                {hold}
              </Button>
            ))}
          </Group>
        </div>
        <TextInput
          size="xl"
          label={t('reference')}
          description={t('reference_help')}
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          onKeyDown={(event) => void onKey(event)}
          autoComplete="off"
          autoCapitalize="characters"
          data-testid="tally-input"
          error={refused}
        />
        <ScanButton onClick={() => setScanning(true)} />
        {tally.message && (
          <TallyAlert message={tally.message} testId={refused ? 'tally-alarm' : 'tally-ok'} />
        )}
        <Group gap="xs" data-testid="tally-lift">
          {tally.basket.length === 0 && <Text c="dimmed">{t('lift_empty')}</Text>}
          {tally.basket.map((item) => (
            <LiftItem key={item.id} item={item} onDrop={tally.drop} size="lg" testId="lift-item">
              <ActionIcon
                size="xl"
                variant="subtle"
                color="orange"
                aria-label={t('damage.record', { reference: referenceOf(item) })}
                onClick={() => setDamaged(item)}
                data-testid="record-damage"
              >
                <WarningIcon />
              </ActionIcon>
            </LiftItem>
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            size="xl"
            h="auto"
            mih={60}
            styles={WRAP}
            color="teal"
            onClick={() => void tally.validate()}
            disabled={tally.basket.length === 0}
            loading={tally.busy}
            data-testid="validate-lift"
          >
            {t('validate', { count: tally.basket.length })}
          </Button>
          <Button
            size="xl"
            h="auto"
            mih={60}
            styles={WRAP}
            variant="default"
            leftSection={<IconUndo />}
            onClick={() => void tally.undo()}
            disabled={tally.busy}
            data-testid="undo-lift"
          >
            {t('undo')}
          </Button>
        </SimpleGrid>
        <SimpleGrid cols={3}>
          {(
            [
              ['units', numbers.units(tally.counts?.units ?? 0)],
              ['tonnes', numbers.two(tally.counts?.tonnes ?? 0)],
              ['lifts', numbers.units(tally.counts?.lifts ?? 0)],
            ] as const
          ).map(([key, value]) => (
            <Paper key={key} withBorder p="sm" ta="center">
              <Text size="sm" c="dimmed">
                {t(`counts.${key}`)}
              </Text>
              <Text fz={32} fw={700} data-testid={`count-${key}`}>
                {value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      <DamageModal item={damaged} onClose={() => setDamaged(null)} />
      {scanning && <ScanView projectId={projectId} tally={tally} onClose={() => setScanning(false)} />}
    </Paper>
  );
}

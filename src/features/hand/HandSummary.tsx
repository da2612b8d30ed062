import { Button, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LocalRow } from '../../store/schema';
import { formatSpan } from '../../ui/format';
import { IconEdit } from '../../ui/icons';
import { useRefNames } from '../../ui/useRefNames';
import { useZone } from '../../ui/zone';
import classes from '../project/project.module.css';

const REFS = { activity: 'project-activity', crane_type: 'crane-type' } as const;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** The hand in short above its sections (who leads it, which gang, when); its full form one tap away. */
export function HandSummary({ hand }: { hand: LocalRow }) {
  const { t } = useTranslation('hand');
  const zone = useZone();
  const names = useRefNames(REFS, hand);
  const facts: [string, string][] = [
    [t('fields.foreman'), text(hand.foreman)],
    [t('fields.gang_no'), number(hand.gang_no)],
    [t('fields.activity'), names?.activity ?? ''],
    [t('fields.crane_type'), names?.crane_type ?? ''],
    [t('times'), formatSpan(text(hand.init_date), text(hand.end_date), zone)],
  ];
  return (
    <Paper withBorder p="sm" data-testid="hand-summary">
      <div className={classes.summary}>
        <dl className={classes.facts}>
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <Button
          component={Link}
          to={{ hash: 'details' }}
          variant="default"
          size="md"
          leftSection={<IconEdit size={18} />}
          data-testid="edit-details"
        >
          {t('edit_details')}
        </Button>
      </div>
    </Paper>
  );
}

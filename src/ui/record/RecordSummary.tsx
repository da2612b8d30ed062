import { Button, Paper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEdit } from '../icons';
import { Link } from '../Link';
import { NARROW, useMedia } from '../useMedia';
import classes from './record.module.css';

export interface RecordSummaryProps {
  /** Label and value of each fact; those without a value are left out. */
  facts: [string, string][];
  /** The section holding the full form, and its button's words. */
  section: string;
  edit: string;
  /** Names the summary and its button for the tests: `<testId>-summary`, `edit-<section>`. */
  testId: string;
}

/**
 * A record's data in short above its sections (a project's general data, a hand's details), the full form
 * one tap away. On a phone only the first two facts show until "Show all" is pressed, so the work of the
 * section comes before the record's data on the first screen.
 */
export function RecordSummary({ facts, section, edit, testId }: RecordSummaryProps) {
  const { t } = useTranslation('ui');
  const phone = useMedia(NARROW);
  const [unfolded, setUnfolded] = useState(false);
  const shown = facts.filter(([, value]) => value);
  const folded = phone && !unfolded && shown.length > 2;
  return (
    <Paper withBorder p="sm" data-testid={`${testId}-summary`}>
      <div className={classes.summary} data-folded={folded}>
        <dl className={classes.facts}>
          {shown.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {phone && shown.length > 2 && (
          <Button variant="subtle" size="md" aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)}>
            {t(unfolded ? 'summary.show_less' : 'summary.show_all')}
          </Button>
        )}
        <Button
          component={Link}
          to={{ hash: section }}
          variant="default"
          size="md"
          leftSection={<IconEdit size={18} />}
          data-testid={`edit-${section}`}
        >
          {edit}
        </Button>
      </div>
    </Paper>
  );
}

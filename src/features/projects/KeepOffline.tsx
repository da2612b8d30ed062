import { Group, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { getKeptOffline, setKeptOffline } from '../../store/meta';
import { getSyncEngine } from '../../sync/lifecycle';
import classes from './KeepOffline.module.css';

/** The projects the user keeps offline, live. */
export function useKeptOffline(): Set<string> {
  const db = useLocalDb();
  const ids = useLiveQuery(async () => (db ? getKeptOffline(db) : []), [db]);
  // The same set until the marks change, so the list's rows are not drawn again for nothing.
  return useMemo(() => new Set(ids ?? []), [ids]);
}

/** A project's "keep offline" mark; projects in progress are always kept (shown on, not changeable). */
export function KeepOffline({
  projectId,
  kept,
  inProgress,
}: {
  projectId: string;
  kept: boolean;
  inProgress: boolean;
}) {
  const { t } = useTranslation('projects');
  const db = useLocalDb();
  async function toggle(keep: boolean) {
    if (!db) return;
    await setKeptOffline(db, projectId, keep);
    // The next pull downloads (or drops) the project's records.
    getSyncEngine()?.trigger('manual');
  }
  // Said in words, not in a tooltip a finger never sees: why the switch of a project in progress is locked.
  const note = inProgress ? t('kept_in_progress_short') : null;
  return (
    <Group gap={8} wrap="nowrap">
      {/* Never narrower than its track: shrunk in a card's narrow cell, the track ran under the note. */}
      <label className={classes.switch}>
        <input
          type="checkbox"
          role="switch"
          className={classes.input}
          checked={kept || inProgress}
          aria-checked={kept || inProgress}
          disabled={inProgress}
          aria-label={t('keep_offline')}
          data-testid="keep-offline"
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        <span className={classes.track} data-switch-track>
          <span className={classes.thumb} />
        </span>
      </label>
      {note && (
        <Text size="sm" c={inProgress ? 'dimmed' : undefined} aria-hidden="true">
          {note}
        </Text>
      )}
    </Group>
  );
}

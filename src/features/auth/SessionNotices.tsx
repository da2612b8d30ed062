import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndedSession } from './session';
import { waitingFor } from './waiting';

/**
 * Above the sign-in form: the session the server ended here (sign in again; the unsent work is kept), and
 * whose unsent work waits on this device, said for the username being typed: one's own is sent once
 * signed in; another user's stays, neither sent under this sign-in nor deleted (./waiting.ts).
 */
export function SessionNotices({ typed }: { typed: string }) {
  const { t } = useTranslation('auth');
  const ended = useEndedSession();
  const { own, others } = waitingFor(typed || ended.username || '');
  return (
    <Stack gap="xs">
      {ended.username && (
        <Alert color="yellow" title={t('session_ended.title')} data-testid="session-ended">
          {ended.pending > 0
            ? t('session_ended.kept', { count: ended.pending })
            : t('session_ended.nothing_waiting')}
        </Alert>
      )}
      {own && !ended.username && (
        <Alert color="blue" data-testid="own-work-waiting">
          {t('session_ended.own_waiting', { count: own.pending })}
        </Alert>
      )}
      {others.map((entry) => (
        <Alert color="orange" key={entry.username} data-testid="other-work-waiting">
          {t('session_ended.other_waiting', { count: entry.pending, username: entry.username })}
        </Alert>
      ))}
    </Stack>
  );
}

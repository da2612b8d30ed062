import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import type { ErrorNotice } from '../api/errors';

// The spec's notice durations (ms).
export const NOTICE_DURATION = 4000;
const DELETE_NOTICE_DURATION = 2000;

function ErrorLines({ notice }: { notice: ErrorNotice }) {
  return (
    <Stack gap={4} data-testid="error-notice">
      {notice.lines.map((line) => (
        <div key={`${line.label ?? ''}:${line.messages.join('|')}`}>
          {line.label && (
            <Text span fw={700} size="sm">
              {line.label}:{' '}
            </Text>
          )}
          <Text span size="sm">
            {line.messages.join(' ')}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/**
 * The spec's notice of a failure whose mapper (../api/errors.ts, loaded with the first failure: not the
 * first screen's code) could not be loaded, offline before it was cached: the network's words.
 */
function unmappedNotice(): ErrorNotice {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const key = offline ? 'common:notice.offline' : 'common:notice.network_error';
  return { title: 'ERROR', autoClose: 3000, lines: [{ label: null, messages: [i18next.t(key)] }] };
}

/** Shows the spec's ERROR notice for any API failure. */
export async function notifyApiError(error: unknown): Promise<ErrorNotice> {
  const notice = await import('../api/errors').then(
    (errors) => errors.describeApiError(error),
    () => unmappedNotice(),
  );
  showErrorNotice(notice);
  return notice;
}

export function showErrorNotice(notice: ErrorNotice): void {
  notifications.show({
    title: notice.title,
    message: <ErrorLines notice={notice} />,
    color: 'red',
    autoClose: notice.autoClose,
  });
}

export function notifySuccess(message: string, title?: string, autoClose = NOTICE_DURATION): void {
  notifications.show({ title, message, color: 'teal', autoClose });
}

export function notifyUpdated(): void {
  notifySuccess(i18next.t('common:notice.successfully_updated'));
}

export function notifyDeleted(): void {
  notifySuccess(i18next.t('common:notice.successfully_deleted'), undefined, DELETE_NOTICE_DURATION);
}

export function notifyInfo(
  message: string,
  title?: string,
  autoClose: number | false = NOTICE_DURATION,
): string {
  return notifications.show({ title, message, color: 'blue', autoClose });
}

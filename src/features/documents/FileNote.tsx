// What happens to a file not yet on the server, shown where the file is (a document's row, a photo's full
// view; the sync panel's card): why the server refused it and what the user can do, or why it waits and
// that it goes by itself. A sentence in the interface's language for the kind of refusal or wait, then the
// server's own words (in the language the upload was sent in: the server answers in the one it is asked in).
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '../../sync/files';

export type RefusalKind = 'too_large' | 'not_accepted' | 'gone' | 'other';

/**
 * 413: past the server's size limit; 400/415/422: a type or a file it does not take; 404: its record is
 * no longer on the server.
 */
export function refusalKind(status: number | null | undefined): RefusalKind {
  if (status === 413) return 'too_large';
  if (status === 404) return 'gone';
  if (status === 400 || status === 415 || status === 422) return 'not_accepted';
  return 'other';
}

/** Why a file waits after a failed try: no connection, its record not on the server yet, or the server busy. */
function waitKind(status: number | null): 'network' | 'parent' | 'server' {
  if (status === null) return 'network';
  return status === 404 ? 'parent' : 'server';
}

type Noted = Pick<FileItem, 'state' | 'error' | 'last_status'>;

/** A refused or waiting file's note, in view (a tooltip never shows on a tablet); nothing otherwise. */
export function FileNote({ item }: { item: Noted }) {
  const { t } = useTranslation('documents');
  if (item.state === 'needs_attention') {
    const words = item.error ? t('refused.server_says', { words: item.error }) : '';
    return (
      <Text size="sm" c="red" data-testid="file-refused">
        {[t(`refused.${refusalKind(item.last_status)}`), words, t('refused.what_now')]
          .filter(Boolean)
          .join(' ')}
      </Text>
    );
  }
  // A file not tried yet, or in flight, has nothing to explain.
  if (item.state !== 'pending' || !item.error) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="file-waiting">
      {t(`waiting.${waitKind(item.last_status)}`, { status: item.last_status ?? '' })}
    </Text>
  );
}

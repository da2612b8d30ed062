// Why the server refused a file, shown where the file is (a document's row, a photo's full view, the sync
// panel): a sentence in the interface's language for the kind of refusal, then the server's own words (in
// the language the upload was sent in: the server answers in the language it is asked in).
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '../../sync/files';

export type RefusalKind = 'too_large' | 'not_accepted' | 'other';

/** 413: past the server's size limit; 400/415/422: a type or a file it does not take. */
export function refusalKind(status: number | null | undefined): RefusalKind {
  if (status === 413) return 'too_large';
  if (status === 400 || status === 415 || status === 422) return 'not_accepted';
  return 'other';
}

/** The refusal in words: the kind, translated, and what the server said. */
export function useRefusalText(): (status: number | null | undefined, words: string | null) => string {
  const { t } = useTranslation('documents');
  return (status, words) =>
    [t(`refused.${refusalKind(status)}`), words ? t('refused.server_says', { words }) : '']
      .filter(Boolean)
      .join(' ');
}

/** A refused file's reason and what the user can do, in view (a tooltip never shows on a tablet). */
export function RefusedNote({ item }: { item: Pick<FileItem, 'state' | 'error' | 'refused_status'> }) {
  const { t } = useTranslation('documents');
  const text = useRefusalText();
  if (item.state !== 'needs_attention') return null;
  return (
    <Text size="sm" c="red" data-testid="file-refused">
      {text(item.refused_status, item.error)} {t('refused.what_now')}
    </Text>
  );
}

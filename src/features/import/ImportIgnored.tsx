import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportOutcome } from '../../api/import';

/** Whether an import left columns unread (the app says so after it). */
export const hasIgnored = (outcome: ImportOutcome) => (outcome.ignored_columns?.length ?? 0) > 0;

/**
 * After a successful import, the header cells the server did not read: a lone "Weight (kg)" or a
 * misspelt "Refrence" must not vanish while the clerk reads "20,000 created". For a header that looks
 * like a field, the names it would be read as ("Net weight" or "Gross weight").
 */
export function ImportIgnored({ outcome, name }: { outcome: ImportOutcome; name?: string }) {
  const { t, i18n } = useTranslation('packing');
  const columns = outcome.ignored_columns ?? [];
  if (columns.length === 0) return null;
  const or = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
  return (
    <Alert color="yellow" title={t('import.ignored_title')} data-testid="import-ignored">
      {name && <Text size="sm">{t('import.imported_with_ignored', { name })}</Text>}
      <Text size="sm" data-testid="import-ignored-columns">
        {t('import.ignored', { count: columns.length, columns: columns.join(', ') })}
      </Text>
      {(outcome.column_hints ?? []).map((hint) => (
        <Text size="sm" key={hint.column} data-testid="import-ignored-hint">
          {t('import.rename', {
            column: hint.column,
            names: or.format(hint.fields.map((field) => t(`import.field.${field}`))),
          })}
        </Text>
      ))}
    </Alert>
  );
}

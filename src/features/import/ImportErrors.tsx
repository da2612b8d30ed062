import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportProblem, ImportRefusal } from '../../domain/import-wire';
import { problemText } from './problemText';

/** The problems of a refusal as the screen lays them out. */
export interface ShownProblems {
  /**
   * Problems of the whole file; or every line of a refusal without problems by row (an upload's, or one
   * kept on the device from an older answer), said as it came.
   */
  general: string[];
  located: ImportProblem[];
  /** Listed and counted by the server without being listed. */
  count: number;
  unlisted: number;
}

/**
 * The server's structured problems, by row and column, those of the whole file in `words` (problemText);
 * a refusal without them is its lines, whole.
 */
export function shownProblems(
  { file, problems, unlisted = 0 }: ImportRefusal,
  words: (problem: ImportProblem) => string,
): ShownProblems {
  if (!problems) return { general: file, located: [], count: file.length, unlisted: 0 };
  return {
    general: problems.filter((problem) => problem.row === null).map(words),
    located: problems.filter((problem) => problem.row !== null),
    count: problems.length + unlisted,
    unlisted,
  };
}

/**
 * The server's refusal of a file: how many problems, then a table of row, column and problem (general
 * lines above it), all in one box that scrolls, so a file with hundreds of problems never floods the screen.
 */
export function ImportErrors({ refusal }: { refusal: ImportRefusal }) {
  const { t, i18n } = useTranslation('packing');
  // Worded in the language of the moment from their keys: a switch rewords them.
  const words = (problem: ImportProblem) => problemText(t, i18n.language, problem);
  const { general, located, count, unlisted } = shownProblems(refusal, words);
  return (
    <Alert color="red" title={t('import.refused')} data-testid="import-errors">
      <Text size="sm" mb={4} data-testid="import-error-count">
        {t('import.problems', { count })}
        {unlisted > 0 && ` ${t('import.unlisted', { count: unlisted })}`}
      </Text>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars data-testid="import-error-scroll">
        {general.map((text) => (
          <div key={text} data-testid="import-error-general">
            {text}
          </div>
        ))}
        {located.length > 0 && (
          <Table verticalSpacing={4} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.row')}</Table.Th>
                <Table.Th>{t('import.column')}</Table.Th>
                <Table.Th>{t('import.problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {located.map((problem) => (
                <Table.Tr
                  key={`${problem.row}-${problem.column}-${problem.key}-${problem.text}`}
                  data-testid="import-error"
                  data-row={problem.row ?? ''}
                  data-column={problem.column ?? ''}
                  data-field={problem.field ?? ''}
                >
                  <Table.Td>{problem.row}</Table.Td>
                  <Table.Td>
                    {problem.column} ({problem.header})
                  </Table.Td>
                  <Table.Td>{words(problem)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ScrollArea.Autosize>
    </Alert>
  );
}

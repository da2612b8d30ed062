import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The server names each problem "Row 3, column C (Net weight): message", in Spanish "Fila 3, columna C
// (Peso neto (kg)): …" (it answers in the interface's language, Accept-Language).
const LINE = /^(?:Row|Fila) (\d+), (?:column|columna) ([A-Z]+) \((.*?)\): (.*)$/;

export interface ImportProblem {
  row: string | null;
  column: string | null;
  header: string | null;
  message: string;
}

// The server lists at most 500 problems and ends the list with how many more there were.
const MORE = /^…(?:and (\d+) more problems|y (\d+) problemas más)\.$/;

/** The problems of a refusal: the lines listed plus the ones the server counted without listing. */
export function problemCount(lines: readonly string[]): number {
  let count = 0;
  for (const line of lines) {
    const more = MORE.exec(line);
    count += more ? Number(more[1] ?? more[2]) : 1;
  }
  return count;
}

export function parseProblems(lines: readonly string[]): ImportProblem[] {
  return lines.map((line) => {
    const found = LINE.exec(line);
    return found
      ? { row: found[1], column: found[2], header: found[3], message: found[4] }
      : { row: null, column: null, header: null, message: line };
  });
}

/**
 * The server's refusal of a file: how many problems, then a table of row, column and problem (general
 * lines above it), all in one box that scrolls, so a file with hundreds of problems never floods the screen.
 */
export function ImportErrors({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation('packing');
  const problems = parseProblems(lines.filter((line) => !MORE.test(line)));
  const count = problemCount(lines);
  const unlisted = count - problems.length;
  const general = problems.filter((problem) => problem.row === null);
  const located = problems.filter((problem) => problem.row !== null);
  return (
    <Alert color="red" title={t('import.refused')} data-testid="import-errors">
      <Text size="sm" mb={4} data-testid="import-error-count">
        {t('import.problems', { count })}
        {unlisted > 0 && ` ${t('import.unlisted', { count: unlisted })}`}
      </Text>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars data-testid="import-error-scroll">
        {general.map((problem) => (
          <div key={problem.message} data-testid="import-error-general">
            {problem.message}
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
                  key={`${problem.row}-${problem.column}-${problem.message}`}
                  data-testid="import-error"
                  data-row={problem.row ?? ''}
                  data-column={problem.column ?? ''}
                >
                  <Table.Td>{problem.row}</Table.Td>
                  <Table.Td>
                    {problem.column} ({problem.header})
                  </Table.Td>
                  <Table.Td>{problem.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ScrollArea.Autosize>
    </Alert>
  );
}

// A button generating a file (online only): "Needs a connection" and disabled offline, busy while its own
// file is made.
import { Button } from '@mantine/core';
import { IconDownload } from '../../ui/icons';
import type { GenerateOptions, Generation } from './useGenerate';

interface Props {
  generation: Generation;
  /** Which file (the key `generation.busy` names while it is made). */
  name: string;
  run: (options: GenerateOptions) => Promise<string>;
  label: string;
  testId?: string;
}

export function GenerateButton({ generation, name, run, label, testId }: Props) {
  return (
    <Button
      variant="default"
      size="md"
      leftSection={<IconDownload size={18} />}
      disabled={!generation.online}
      loading={generation.busy === name}
      onClick={() => void generation.generate(name, run)}
      data-testid={testId}
    >
      {generation.online ? label : generation.offlineHint}
    </Button>
  );
}

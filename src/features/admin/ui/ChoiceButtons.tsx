import { Button, Group } from '@mantine/core';

/** One of a few choices as worded buttons (44 px and more, the chosen one filled), wrapping when narrow. */
export function ChoiceButtons<T extends string>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
}) {
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={props.label}>
      {props.data.map((choice) => (
        <Button
          key={choice.value}
          variant={choice.value === props.value ? 'filled' : 'default'}
          aria-pressed={choice.value === props.value}
          onClick={() => props.onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}

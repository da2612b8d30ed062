import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { PasswordInput } from '@mantine/core';

/** A password being chosen (the browser offers to make one up and keep it), its errors under it. */
export function NewPasswordInput(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string[];
}) {
  return (
    <PasswordInput
      label={props.label}
      name={props.name}
      autoComplete="new-password"
      value={props.value}
      error={props.error?.join(' ')}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

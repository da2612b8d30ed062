import { ColorSwatch, Group, MultiSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Color swatches with their names, as a table cell or a list row shows label colors. */
export function ColorChips({
  colors,
  hex,
}: {
  colors: readonly string[];
  hex: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation('packing');
  return (
    <Group gap={6} wrap="wrap" data-testid="label-colors">
      {colors.map((color) => (
        <Group key={color} gap={4} wrap="nowrap" data-color={color}>
          <ColorSwatch color={hex[color] ?? '#000000'} size={16} withShadow />
          <Text size="xs">{t(`colors.${color}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

interface Props {
  label: string;
  /** The color set (packing items' or the loose counter's), in its order, with hex values. */
  hex: Readonly<Record<string, string>>;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  name?: string;
}

/** Several label colors, each once (a multi-select cannot repeat one), each shown with its hex colour. */
export function LabelColorSelect({ label, hex, value, onChange, error, name }: Props) {
  const { t } = useTranslation('packing');
  const data = Object.keys(hex).map((color) => ({ value: color, label: t(`colors.${color}`) }));
  return (
    <MultiSelect
      label={label}
      name={name}
      size="md"
      data={data}
      value={value}
      onChange={(next) => onChange([...new Set(next)])}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="label-color-select"
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={hex[option.value] ?? '#000000'} size={18} withShadow />
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {hex[option.value]}
          </Text>
        </Group>
      )}
    />
  );
}

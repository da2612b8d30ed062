import { Checkbox, MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getResource, type ResourceName } from '../domain/registry';
import { DateField, DateTimeField, TimeField } from './dates';
import { fieldError } from './fieldErrors';
import type { RecordForm } from './form';
import { RefSelect } from './RefSelect';

interface RecordFieldProps {
  resource: ResourceName;
  name: string;
  form: RecordForm;
  /**
   * The namespace holding `fields.<name>` labels and `choices.<value>` labels; a resource's own word for
   * a shared field name goes in `fields_of.<resource>.<name>` (a port's code is its UN/LOCODE).
   */
  ns: string;
  readOnly?: boolean;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const asTextOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** One field of a record, with the widget its domain kind calls for and its errors under it. */
export function RecordField({ resource, name, form, ns, readOnly }: RecordFieldProps) {
  const { t, i18n } = useTranslation(ns);
  const info = getResource(resource)?.fields[name]?.info;
  if (!info) return null;
  const own = `fields_of.${resource}.${name}`;
  const label = i18n.exists(own, { ns }) ? t(own) : t(`fields.${name}`);
  const error = fieldError(t, resource, label, form.errors[name]);
  const value = form.values[name];
  const set = (next: unknown) => form.set(name, next);
  // A field may carry a line of help under its label (`help.<name>` in the namespace); most have none,
  // which is not a missing text (asking t() for it would record one).
  const help = `help.${name}`;
  const description = i18n.exists(help, { ns }) ? t(help) : undefined;
  const common = { label, error, name, disabled: readOnly, description };

  switch (info.kind) {
    case 'int':
    case 'decimal':
      return (
        <NumberInput
          {...common}
          size="md"
          value={value === null || value === undefined ? '' : (value as number | string)}
          allowDecimal={info.kind === 'decimal'}
          allowNegative={false}
          decimalSeparator="."
          onChange={(next) => {
            if (next === '' || next === null) set(null);
            // Integers are numbers; decimals stay text so no float ever rounds a weight.
            else set(info.kind === 'int' ? Number(next) : String(next));
          }}
        />
      );
    case 'bool':
      return (
        <Checkbox
          label={label}
          name={name}
          size="md"
          mt="xs"
          disabled={readOnly}
          checked={value === true}
          error={error}
          onChange={(event) => set(event.currentTarget.checked)}
        />
      );
    case 'date':
      return <DateField {...common} value={asTextOrNull(value)} onChange={set} />;
    case 'datetime':
      return <DateTimeField {...common} value={asTextOrNull(value)} onChange={set} />;
    case 'time':
      return <TimeField {...common} value={asTextOrNull(value)} onChange={set} />;
    case 'choice':
      return (
        <Select
          {...common}
          size="md"
          data={(info.values ?? []).map((choice) => ({ value: choice, label: t(`choices.${choice}`) }))}
          value={asTextOrNull(value)}
          onChange={set}
          clearable={!info.required}
        />
      );
    case 'choiceList':
      return (
        <MultiSelect
          {...common}
          size="md"
          data={(info.values ?? []).map((choice) => ({ value: choice, label: t(`choices.${choice}`) }))}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={set}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'ref':
      return (
        <RefSelect
          resource={info.ref as ResourceName}
          label={label}
          name={name}
          value={asTextOrNull(value)}
          onChange={set}
          error={error}
          disabled={readOnly}
          size="md"
          offerAdd
        />
      );
    default:
      if ((info.maxLength ?? 0) >= 1000)
        return (
          <Textarea
            {...common}
            size="md"
            autosize
            minRows={2}
            value={asText(value)}
            onChange={(e) => set(e.currentTarget.value)}
          />
        );
      return (
        <TextInput {...common} size="md" value={asText(value)} onChange={(e) => set(e.currentTarget.value)} />
      );
  }
}

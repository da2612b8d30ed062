import type { MantineSize } from '@mantine/core';
import type { ResourceName } from '../domain/registry';
import { LookupSelect } from './LookupSelect';
import { searchIndexOf } from './lookups';
import { SearchSelect } from './SearchSelect';

export interface RefSelectProps {
  /** The list the field points into. */
  resource: ResourceName;
  label: string;
  name?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  disabled?: boolean;
  description?: string;
  /** Offer "Add '<typed>'" in a short list too (a record's form); the long lists' search always does. */
  offerAdd?: boolean;
  /** The size of the form's other inputs (a record's form: md); unset: the theme's touch size. */
  size?: MantineSize;
}

/**
 * A field holding another record's id, shown by that record's name (never the id): a search over the long
 * lists (ports, vessels, accounts, users), the whole list for the short ones.
 */
export function RefSelect({ offerAdd, ...props }: RefSelectProps) {
  return searchIndexOf[props.resource] ? (
    <SearchSelect {...props} />
  ) : (
    <LookupSelect {...props} offerAdd={offerAdd} />
  );
}

import { Group, Input, Pill, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../store/hooks';
import { namesOf } from './lookups';
import { SearchSelect } from './SearchSelect';

interface Props {
  label: string;
  name: string;
  /** The users' ids, as stored. */
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/**
 * A list of users (an incidence's users interested, in its form and in the sync panel's fix form): a user
 * search adds a person, shown as a name tag whose cross removes them; never their ids.
 */
export function UsersField({ label, name, value, onChange, error }: Props) {
  const { t } = useTranslation('ui');
  const db = useLocalDb();
  const names = useLiveQuery(
    async () => (db ? namesOf(db, 'users', value) : new Map<string, string>()),
    [db, value.join(',')],
  );
  return (
    <Stack gap={6} data-testid="users-interested">
      <SearchSelect
        resource="users"
        label={label}
        name={name}
        value={null}
        placeholder={t('users.add')}
        onChange={(id) => {
          if (id && !value.includes(id)) onChange([...value, id]);
        }}
        error={error}
      />
      {value.length > 0 && (
        <Group gap="xs">
          {value.map((id) => (
            <Pill
              key={id}
              size="lg"
              withRemoveButton
              onRemove={() => onChange(value.filter((other) => other !== id))}
              removeButtonProps={{
                'aria-label': t('users.remove', { name: names?.get(id) ?? '' }),
                'aria-hidden': false,
                tabIndex: 0,
              }}
              data-testid="user-tag"
            >
              {names?.get(id) ?? '…'}
            </Pill>
          ))}
        </Group>
      )}
      {value.length === 0 && <Input.Description>{t('users.none')}</Input.Description>}
    </Stack>
  );
}

import { Group, Input, Pill, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { namesOf } from '../../ui/lookups';
import { SearchSelect } from '../../ui/SearchSelect';

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** users_interested: a user search adds a person, shown as a name tag whose cross removes them. */
export function UsersInterested({ value, onChange, error }: Props) {
  const { t } = useTranslation('incidences');
  const db = useLocalDb();
  const names = useLiveQuery(
    async () => (db ? namesOf(db, 'users', value) : new Map<string, string>()),
    [db, value.join(',')],
  );
  return (
    <Stack gap={6} data-testid="users-interested">
      <SearchSelect
        resource="users"
        label={t('fields.users_interested')}
        name="users_interested"
        value={null}
        placeholder={t('add_user')}
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
                'aria-label': t('remove_user', { name: names?.get(id) ?? '' }),
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
      {value.length === 0 && <Input.Description>{t('no_users')}</Input.Description>}
    </Stack>
  );
}

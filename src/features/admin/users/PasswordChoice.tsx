import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewPasswordInput } from '../../../ui/NewPasswordInput';
import { ChoiceButtons } from '../ui/ChoiceButtons';

export type PasswordWay = 'password' | 'link';

/**
 * How a user gets a password: one the admin types now, or a one-time link (shown once) for the user to
 * set their own. `first` is the choice offered first (the one a new form starts on).
 */
export function PasswordChoice(props: {
  how: PasswordWay;
  onHow: (how: PasswordWay) => void;
  first: PasswordWay;
  /** The word for the typed choice: a first password, a new password. */
  passwordChoice: string;
  password: string;
  onPassword: (password: string) => void;
  error?: string[];
}) {
  const { t } = useTranslation('admin');
  const choices = [
    { value: 'password' as const, label: props.passwordChoice },
    { value: 'link' as const, label: t('users.one_time_link') },
  ];
  if (props.first === 'link') choices.reverse();
  return (
    <>
      <ChoiceButtons label={t('users.how')} value={props.how} onChange={props.onHow} data={choices} />
      {props.how === 'password' ? (
        <NewPasswordInput
          label={t('users.password')}
          name="password"
          value={props.password}
          onChange={props.onPassword}
          error={props.error}
        />
      ) : (
        <Alert color="blue">{t('users.link_hint')}</Alert>
      )}
    </>
  );
}

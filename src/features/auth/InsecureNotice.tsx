import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Above the sign-in form when the page is not a secure context (plain HTTP at an address other than
 * localhost, e.g. a tablet at http://server:8080): the browser will not install the app nor let it work
 * offline there, and the user should know before relying on it.
 */
export function InsecureNotice() {
  const { t } = useTranslation('auth');
  if (typeof window === 'undefined' || window.isSecureContext) return null;
  return (
    <Alert color="orange" title={t('insecure.title')} data-testid="insecure-notice">
      {t('insecure.text', { address: window.location.host })}
    </Alert>
  );
}

import { Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../store/language';
import { changeLanguage } from '../i18n/i18n';

/** EN | ES: the spec's language switch, remembered under `language`. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Group gap={0} role="group" aria-label={t('user_bar.language')} wrap="nowrap">
      {LANGUAGES.map((language, index) => (
        <Group key={language} gap={0} wrap="nowrap">
          {index > 0 && <span aria-hidden="true">|</span>}
          <UnstyledButton
            onClick={() => void changeLanguage(language)}
            aria-pressed={active === language}
            data-testid={`language-${language}`}
            lang={language}
            style={{
              minWidth: 44,
              minHeight: 44,
              textAlign: 'center',
              fontWeight: active === language ? 800 : 500,
              textDecoration: active === language ? 'underline' : 'none',
            }}
          >
            {language.toUpperCase()}
          </UnstyledButton>
        </Group>
      ))}
    </Group>
  );
}

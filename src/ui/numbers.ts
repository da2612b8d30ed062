// The number formatters of src/domain/numbers.ts in the interface language, for components.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKg, formatNumber, formatTwo, formatUnits, type Shown } from '../domain/numbers';

/** The formatters in the interface language. */
export function useNumbers() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      units: (value: Shown) => formatUnits(value, language),
      kg: (value: Shown) => formatKg(value, language),
      two: (value: Shown) => formatTwo(value, language),
      number: (value: Shown) => formatNumber(value, language),
    }),
    [language],
  );
}

// Report generation from a screen: only online; the spec's 'generating_report' notice stays until the file
// is saved (or the call fails, which shows the usual ERROR notice).
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '../../api/reports';
import { useSyncStatus } from '../../sync/status';
import { notifyApiError, notifyInfo } from '../../ui/notices';

export interface GenerateOptions {
  language: 'en' | 'es';
  time_zone?: string;
}

export type Generation = ReturnType<typeof useGenerate>;

export function useGenerate() {
  const { t, i18n } = useTranslation('reports');
  const online = useSyncStatus((state) => state.online);
  const [busy, setBusy] = useState<string | null>(null);

  async function generate(key: string, run: (options: GenerateOptions) => Promise<string>) {
    if (busy) return;
    setBusy(key);
    const notice = notifyInfo(t('generating_report'), undefined, false);
    try {
      // The file in the language the user reads the screen in, its times in the device's zone.
      const language = (i18n.resolvedLanguage ?? i18n.language) === 'es' ? 'es' : 'en';
      await run({ language, time_zone: browserTimeZone() });
    } catch (error) {
      await notifyApiError(error);
    } finally {
      notifications.hide(notice);
      setBusy(null);
    }
  }

  return { online, busy, generate, offlineHint: t('needs_connection') };
}

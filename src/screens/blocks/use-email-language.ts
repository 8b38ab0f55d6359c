/**
 * The language of the open email among the account's languages (`detect-language.ts`), told on
 * the device. The detector is loaded after the first paint, and only for an account with more
 * than one language; until then, and for an email with no text, the default language.
 */
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_LANGUAGE } from '../../domain/languages';

type Detect = (emailBody: string, languages: readonly string[]) => string;

export function useEmailLanguage(emailBody: string, languages: readonly string[]): string {
  const [detect, setDetect] = useState<Detect | null>(null);
  const several = languages.length > 1;
  useEffect(() => {
    if (!several || detect) return;
    let stopped = false;
    void import('../../domain/detect-language').then((module) => {
      if (!stopped) setDetect(() => module.detectEmailLanguage);
    });
    return () => {
      stopped = true;
    };
  }, [several, detect]);
  return useMemo(() => (several && detect && emailBody.trim() ? detect(emailBody, languages) : DEFAULT_LANGUAGE), [several, detect, emailBody, languages]);
}

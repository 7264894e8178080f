/**
 * Turns a form or API message into text. The domain schemas carry i18n keys ("validation.*"),
 * while the API sends messages already translated (and a bank's decline text is no key at all),
 * so only known keys go through `t`.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export function useMessageText(): (message: string | undefined | null) => string | undefined {
  const { t, i18n } = useTranslation();
  return useCallback((message) => (message ? (i18n.exists(message) ? t(message) : message) : undefined), [t, i18n]);
}

/**
 * Keeps a page's `?lang=` (docs/decisions/018-seo-and-blog.md) true to the interface language:
 * after the visitor switches language on a page opened as `/blog?lang=es`, the address becomes
 * `/blog` (English) or keeps `lang=es`, so a reload or a shared link shows what they chose.
 * Addresses without `lang` are left alone.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGE_PARAM } from '@/domain/site-pages';

export function useLanguageInUrl(): void {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const inUrl = params.get(LANGUAGE_PARAM);
  useEffect(() => {
    if (inUrl === null || inUrl === language) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (language === 'en') next.delete(LANGUAGE_PARAM);
        else next.set(LANGUAGE_PARAM, language);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // only a change of language rewrites the address
  }, [language]);
}

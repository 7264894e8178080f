/** The "Loading..." fallback shown while a lazy page or its data loads (spec section 2). */
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useTranslation } from 'react-i18next';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center gap-2 p-6 text-slate-700">
      <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

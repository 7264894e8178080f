/**
 * The app's toaster (sonner): one toast at a time, at the top centre but below the sticky header
 * (64 px high, components/layout/header.tsx), so a toast never covers the header's Call Now button
 * or the account menu, on phones too. The close button and the region are named in the reader's
 * language.
 */
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/** Pixels from the top of the viewport: the header's 64 px and its border, plus a small gap. */
export const TOAST_TOP_OFFSET_PX = 76;

export function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      visibleToasts={1}
      position="top-center"
      offset={{ top: TOAST_TOP_OFFSET_PX }}
      mobileOffset={{ top: TOAST_TOP_OFFSET_PX, left: 12, right: 12 }}
      richColors
      closeButton
      containerAriaLabel={t('toaster.region')}
      toastOptions={{ closeButtonAriaLabel: t('toaster.close') }}
    />
  );
}

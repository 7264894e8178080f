/**
 * The links staff tap most: call the customer (a `tel:` link showing the number as people read
 * it) and open the address in Google Maps (a new tab, or the Maps app on a phone).
 */
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { useTranslation } from 'react-i18next';
import { formatAddress, mapSearchHref, type PostalAddress } from '@/web/lib/address';
import { cn } from '@/web/lib/cn';
import { formatPhoneForDisplay, telHref } from '@/web/lib/public-settings';

const linkClass =
  'inline-flex items-center gap-1.5 rounded-sm font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/** A phone number as a `tel:` link; `label` (e.g. "Call Ana") is read before the number. */
export function PhoneLink({ phone, label, className }: { phone: string; label?: string; className?: string }) {
  return (
    <a href={telHref(phone)} className={cn(linkClass, className)}>
      <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
      {label ? <span className="sr-only">{label}: </span> : null}
      <span className="whitespace-nowrap">{formatPhoneForDisplay(phone)}</span>
    </a>
  );
}

/** The address on one line, as a link to Google Maps. */
export function MapLink({ address, className }: { address: PostalAddress; className?: string }) {
  const { t } = useTranslation();
  return (
    <a href={mapSearchHref(address)} target="_blank" rel="noreferrer noopener" className={cn(linkClass, 'items-start', className)}>
      <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span className="min-w-0 break-words">{formatAddress(address)}</span>
      <span className="sr-only"> {t('staff.openMap')} {t('common.opensInNewTab')}</span>
    </a>
  );
}

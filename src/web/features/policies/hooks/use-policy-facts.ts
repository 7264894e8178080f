/**
 * The facts the public pages (/about, /terms, /privacy, /refunds, /cancellations) quote, read
 * from the public settings (`GET /api/settings/public`): the same numbers the booking, pricing,
 * cancellation and refund rules use, so a change in /admin/settings shows on every page at once.
 * Until the settings arrive (or when they cannot be loaded) the pages show the defaults:
 * DEFAULT_SERVICES, DEFAULT_TAX_RATE_BPS, DEFAULT_CANCELLATION_POLICY, the 5-10 minute call-back
 * of spec section 1 and the default support contacts.
 */
import { useTranslation } from 'react-i18next';
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import { formatCents, formatTaxRate } from '@/domain/format';
import { DEFAULT_TAX_RATE_BPS } from '@/domain/pricing';
import { DEFAULT_SERVICES, type ServiceSlug } from '@/domain/services';
import { useContactPromise, usePublicSettings, useSupportContacts } from '@/web/lib/public-settings';

/** Spec section 1: the team calls within 5-10 minutes of a booking. */

/** Interpolation values of the `publicPages.*` messages. Prices and the tax rate are already written for the reader. */
export interface PolicyValues {
  [name: string]: string | number;
  taxRate: string;
  /** Cancellation policy: free from this many hours before the start, the fee from `feeHours`, the fee in percent. */
  freeHours: number;
  feeHours: number;
  percent: number;
  /** Free cancellation this many minutes after booking. */
  graceMinutes: number;
  /** Free rescheduling with this many hours' notice. */
  rescheduleHours: number;
  /** Refunds and released holds reach the card in min-max business days. */
  min: number;
  max: number;
  /** The call-back promise, in minutes after booking. */
  contactMin: number;
  contactMax: number;
  email: string;
}

export interface PolicyFacts {
  values: PolicyValues;
  /** The services on offer now (paused ones left out), with their listed price written for the reader ("$45"). */
  services: { slug: ServiceSlug; price: string }[];
  /** Support contacts as stored, e.g. "+18135550100". */
  phone: string;
  email: string;
}

/** The public pages' facts in the interface language (see the module comment for the fallbacks). */
export function usePolicyFacts(): PolicyFacts {
  const { i18n } = useTranslation();
  const { data } = usePublicSettings();
  const { phone, email } = useSupportContacts();
  const language = i18n.language;
  const policy = data?.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY;
  const contact = useContactPromise();
  const services = (data?.services ?? DEFAULT_SERVICES.map((service) => ({ ...service, active: true })))
    .filter((service) => service.active)
    .map((service) => ({ slug: service.slug, price: formatCents(service.unitPriceCents, language) }));
  return {
    values: {
      taxRate: formatTaxRate(data?.taxRateBps ?? DEFAULT_TAX_RATE_BPS, language),
      freeHours: policy.freeNoticeHours,
      feeHours: policy.feeNoticeHours,
      percent: policy.feePercent,
      graceMinutes: policy.graceMinutes,
      rescheduleHours: policy.rescheduleNoticeHours,
      min: policy.refundBusinessDays.min,
      max: policy.refundBusinessDays.max,
      contactMin: contact.min,
      contactMax: contact.max,
      email,
    },
    services,
    phone,
    email,
  };
}

/**
 * The public settings of `GET /api/settings/public` (docs/api.md): service prices, tax rate,
 * service area, support contacts, payment mode, slot rules and the cancellation policy. Anyone
 * may read them; they change rarely, so the query uses the app-wide 5 minute stale time. Until
 * the answer arrives, callers fall back to defaults: the listed prices of DEFAULT_SERVICES, the
 * support contacts below, and DEFAULT_CANCELLATION_POLICY (through lib/cancellation-policy.ts,
 * kept apart so the header, on every page, does not load the policy rules).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancellationPolicy } from '@/domain/cancellation-policy';
import { DEFAULT_CONTACT_PROMISE_MINUTES } from '@/domain/contact-promise';
import type { PricingModel, ServiceSlug } from '@/domain/services';
import type { SlotRules } from '@/domain/slots';
import { apiFetch } from './api-client';

export interface PublicService {
  slug: ServiceSlug;
  pricingModel: PricingModel;
  /** Listed price per unit (job, hour or room), in cents, before tax. */
  unitPriceCents: number;
  /** False when the business has paused the service. */
  active: boolean;
}

export interface PublicSettings {
  services: PublicService[];
  /** Sales tax in basis points (750 = 7.5%). */
  taxRateBps: number;
  /** 5-digit ZIP codes inside the service area. */
  serviceAreaZips: string[];
  /** Support phone, e.g. "+18135550100" or "+1 813-555-0100". */
  supportPhone: string;
  supportEmail: string;
  /** `publishableKey` comes with the Stripe gateway only. */
  payments: { gateway: 'simulated' | 'stripe'; testMode: boolean; publishableKey?: string };
  slotRules: SlotRules;
  /** The numbers of the cancellation, rescheduling and refund policy (issue #3). */
  cancellationPolicy: CancellationPolicy;
  /** The promise to call a new booking back within min-max minutes (spec section 1: 5-10). */
  contactPromiseMinutes?: { min: number; max: number };
}

/** Shown before the settings load or when they cannot be loaded. */
export const DEFAULT_SUPPORT_PHONE = '+1 813-555-0100';
export const DEFAULT_SUPPORT_EMAIL = 'support@tampahandyman.example';

export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiFetch<PublicSettings>('/api/settings/public', { signal });
}

export const publicSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => getPublicSettings(signal),
});

/** The public settings; `data` is undefined while loading or after an error. */
export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions);
}


/** The call-back promise to show, minutes after booking ({ min, max }), as saved on /admin/settings; the default until settings load. */
export function useContactPromise(): { min: number; max: number } {
  const { data } = usePublicSettings();
  return data?.contactPromiseMinutes ?? DEFAULT_CONTACT_PROMISE_MINUTES;
}

/** The support phone and email to show, falling back to the defaults until settings load. */
export function useSupportContacts(): { phone: string; email: string } {
  const { data } = usePublicSettings();
  return { phone: data?.supportPhone || DEFAULT_SUPPORT_PHONE, email: data?.supportEmail || DEFAULT_SUPPORT_EMAIL };
}

/** A `tel:` link for a phone number written in any common format ("+1 813-555-0100" -> "tel:+18135550100"). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * A US number as people read it: "+18135550100" -> "(813) 555-0100". Other numbers are shown
 * as given. (Kept tiny on purpose: the header is on every page, so no phone library here.)
 */
export function formatPhoneForDisplay(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

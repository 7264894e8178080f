/**
 * The numbers inside the pages' titles and descriptions (issue #12: `seo.*` in the locale files),
 * worked out one way for the server's head tags and the browser's own <title>/<meta>, so both
 * say the same: the listed prices (whole dollars, "$45") and the call-back promise.
 */
import { formatCents } from './format';
import { BLOG_MAX_PAGE } from './blog-limits';
import type { ServiceSlug } from './services';

interface PricedService {
  slug: ServiceSlug;
  unitPriceCents: number;
}

/** Interpolation values of `seo.home.description`: tvPrice, furniturePrice, paintingPrice, min, max. */
export function homeDescriptionValues(services: readonly PricedService[], contactPromiseMinutes: { min: number; max: number }, language: string) {
  const price = (slug: ServiceSlug) => {
    const service = services.find((s) => s.slug === slug);
    return service ? formatCents(service.unitPriceCents, language) : '';
  };
  return { tvPrice: price('tv-installation'), furniturePrice: price('furniture-assembly'), paintingPrice: price('painting'), ...contactPromiseMinutes };
}

/** Interpolation values of `seo.booking.description.<slug>`: price, min, max. */
export function bookingDescriptionValues(unitPriceCents: number, contactPromiseMinutes: { min: number; max: number }, language: string) {
  return { price: formatCents(unitPriceCents, language), ...contactPromiseMinutes };
}

/**
 * The page of the blog list a `?page=` value asks for: a whole number from 1 to BLOG_MAX_PAGE;
 * anything else (missing, "abc", "0", "2.5") is the first page.
 */
export function blogPageOf(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= BLOG_MAX_PAGE ? page : 1;
}

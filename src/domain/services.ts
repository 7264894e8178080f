/**
 * The service catalogue: the three services the business sells, how each is priced, and how
 * long each job takes. Source: product spec section 1 and 9 (prices), issue #2 (durations).
 * Money is integer cents (USD); durations are minutes.
 */

export const SERVICE_SLUGS = ['tv-installation', 'furniture-assembly', 'painting'] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

/** How a service's unit price turns into a line item. */
export type PricingModel = 'per_job' | 'per_hour' | 'per_room';

export interface ServiceDefinition {
  slug: ServiceSlug;
  pricingModel: PricingModel;
  /** Listed price per unit (job, hour or room), in cents, before tax. */
  unitPriceCents: number;
}

/** The listed prices of spec section 9: TV $45 per job, furniture $35 per hour, painting $250 per room. */
export const DEFAULT_SERVICES: readonly ServiceDefinition[] = [
  { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 4500 },
  { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 3500 },
  { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 25000 },
];

export function isServiceSlug(value: string): value is ServiceSlug {
  return (SERVICE_SLUGS as readonly string[]).includes(value);
}

/** A TV job is booked as one hour of work (issue #2). */
export const TV_JOB_MINUTES = 60;
/** A standard 12x12 ft room takes four hours to paint (issue #2). */
export const PAINTING_MINUTES_PER_ROOM = 240;

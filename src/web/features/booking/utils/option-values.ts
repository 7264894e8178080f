/**
 * The options form values of each service as the customer is still entering them (possibly
 * incomplete), their defaults, and `quoteDraft`, which prices a draft with the domain's
 * quoteBooking. The domain schemas (booking-options.ts) are applied by parse-options.ts, apart,
 * so that the booking page's first step loads without zod (issue #16).
 */
import type { BookingOptions, PAINT_SUPPLIERS, SCREEN_SIZES, TV_BRACKETS } from '@/domain/booking-options';
import { quoteBooking, type PriceQuote, type UnitPrices } from '@/domain/pricing';

export interface TvOptionValues {
  service: 'tv-installation';
  screenSize?: (typeof SCREEN_SIZES)[number];
  bracket: (typeof TV_BRACKETS)[number];
  wallRiskAccepted: boolean;
  limitationsAcknowledged: boolean;
}

export interface FurnitureOptionValues {
  service: 'furniture-assembly';
  productName: string;
  productUrl: string;
  photoUploadId?: string;
  /** The uploaded photo's file name, shown beside the preview (not sent to the API). */
  photoName?: string;
  estimatedHours: number;
}

export interface PaintingOptionValues {
  service: 'painting';
  rooms: number;
  colorCode: string;
  paintSupplier?: (typeof PAINT_SUPPLIERS)[number];
}

export type OptionValues = TvOptionValues | FurnitureOptionValues | PaintingOptionValues;

/** Each service keeps its own values, so switching services and back loses nothing. */
export interface OptionValuesByService {
  'tv-installation': TvOptionValues;
  'furniture-assembly': FurnitureOptionValues;
  painting: PaintingOptionValues;
}

export function defaultOptionValues(): OptionValuesByService {
  return {
    'tv-installation': { service: 'tv-installation', bracket: 'none', wallRiskAccepted: false, limitationsAcknowledged: false },
    'furniture-assembly': { service: 'furniture-assembly', productName: '', productUrl: '', estimatedHours: 1 },
    painting: { service: 'painting', rooms: 1, colorCode: '' },
  };
}

/**
 * Prices a draft that may still be incomplete. The price depends only on the service and its
 * quantity (the hours or rooms, which always hold a value from their select), and quoteBooking
 * reads nothing else, so unfinished acknowledgements do not hide the running price.
 */
export function quoteDraft(values: OptionValues, prices: UnitPrices, taxRateBps: number): PriceQuote {
  // The quantities as the schemas coerce them (a select may hold "2"), without loading the schemas.
  const options =
    values.service === 'furniture-assembly'
      ? { ...values, estimatedHours: Number(values.estimatedHours) }
      : values.service === 'painting'
        ? { ...values, rooms: Number(values.rooms) }
        : values;
  return quoteBooking(options as unknown as BookingOptions, prices, taxRateBps);
}

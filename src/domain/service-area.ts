/**
 * The service area: the ZIP codes we send workers to. Configurable in settings; the default is
 * the Hillsborough County list of issue #2 (Tampa and the surrounding county).
 */

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/** Default service-area ZIP codes (issue #2). */
export const DEFAULT_SERVICE_AREA_ZIPS: readonly string[] = [
  ...range(33602, 33607), ...range(33609, 33621), ...range(33624, 33626), '33629', '33634', '33635', '33637', '33647',
  '33503', '33510', '33511', '33527', '33530', '33534', ...range(33547, 33550), '33556', '33558', '33559', '33563',
  ...range(33565, 33567), '33569', '33570', '33572', '33573', '33578', '33579', '33584', '33592', '33594', '33596', '33598',
];

/**
 * Whether a 5-digit ZIP is inside the service area.
 * @param zip the address's ZIP (ZIP+4 is accepted; only the first five digits count)
 * @param serviceAreaZips the configured list
 */
export function isInServiceArea(zip: string, serviceAreaZips: readonly string[]): boolean {
  return serviceAreaZips.includes(zip.trim().slice(0, 5));
}

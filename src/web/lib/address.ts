/** A booking's address as people read it, and a link that opens it in Google Maps. */

export interface PostalAddress {
  street: string;
  unit?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** An address on one line: "123 Main St, Apt 4, Tampa, FL 33602". */
export function formatAddress(address: PostalAddress): string {
  return [address.street, address.unit, address.city, `${address.state} ${address.zip}`].map((part) => part?.trim()).filter(Boolean).join(', ');
}

/** Google Maps search for the address (opens the app on phones): https://www.google.com/maps/search/?api=1&query=... */
export function mapSearchHref(address: PostalAddress): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(address))}`;
}

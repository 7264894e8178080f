/**
 * A booking's PDF receipt from the database in one call: the data (receipt-data.ts, with its access
 * and state rules), the business's contacts (settings, falling back to the config's) and the
 * rendering (receipt-pdf.ts). Used by the download route and the receipt email's attachment.
 */
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import { getBusinessSettings } from '../settings/settings.service';
import { loadReceiptData } from './receipt-data';
import { receiptFileName, renderReceiptPdf, type ReceiptPdfOptions } from './receipt-pdf';

export interface ReceiptFile {
  filename: string;
  content: Buffer;
}

/**
 * @param caller who asks (the booking's customer, or an admin with `isAdmin`)
 * @throws AppError 404 (not theirs / no such booking), 409 `receipt_unavailable` (see receipt-data.ts)
 */
export async function buildReceiptPdf(
  deps: { db: Database; config: Pick<Config, 'publicUrl' | 'supportPhone' | 'supportEmail'>; testMode: boolean },
  bookingId: string,
  caller: { id: string; isAdmin: boolean },
  lang: Lang,
  options: ReceiptPdfOptions = {},
): Promise<ReceiptFile> {
  const data = await loadReceiptData(deps.db, bookingId, caller, deps.testMode);
  const settings = await getBusinessSettings(deps.db, { supportPhone: deps.config.supportPhone, supportEmail: deps.config.supportEmail });
  const content = await renderReceiptPdf(data, { phone: settings.support.phone, email: settings.support.email, website: deps.config.publicUrl }, lang, options);
  return { filename: receiptFileName(data.booking.reference), content };
}

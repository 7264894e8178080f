/**
 * Renders a receipt (receipt-data.ts) as a PDF with pdfkit, in English or Spanish: the business's
 * name and contacts, the booking reference, service, date (Tampa time), address and customer,
 * the line items, subtotal, tax and total, then the payment: the card, the hold and what became of
 * it (paymentTimingNotice, the same words as every screen and email), what was charged from the
 * hold and above it, the tip, each refund, and what was paid in all. Words from the locale files
 * (`receiptPdf.*` in src/web/locales/{en,es}/mail.json). Letter size, the standard Helvetica
 * fonts (WinAnsi: accents and "×" print; no embedded font files).
 */
import { cardBrandName, formatNumber, formatPrice, formatTampaDateTime } from '../../../domain/format';
import { paymentNoticeMessage } from '../../../domain/payment-notice-message';
import { paymentTimingNotice } from '../../../domain/payment-timing';
import { translator, type Lang } from '../../lib/i18n';
import { formatPhone } from '../../mail/format';
import type { ReceiptData } from './receipt-data';

/** The business as the receipt names it. */
export interface ReceiptBusiness {
  phone: string;
  email: string;
  /** The site's origin, e.g. https://book.example.com */
  website: string;
}

export interface ReceiptPdfOptions {
  /** Leave the content streams uncompressed (tests read the text); compressed by default. */
  compress?: boolean;
}

/** The file name a receipt downloads as, e.g. "receipt-TB-7K3M9Q.pdf". */
export const receiptFileName = (reference: string) => `receipt-${reference}.pdf`;

/**
 * @returns the PDF bytes
 */
export async function renderReceiptPdf(data: ReceiptData, business: ReceiptBusiness, lang: Lang, options: ReceiptPdfOptions = {}): Promise<Buffer> {
  const t = translator(lang);
  const money = (cents: number) => formatPrice(cents, lang);
  const b = data.booking;
  const brand = t('header.brand');
  // Loaded on the first receipt, not at start: pdfkit and its fonts are ~8 MB of resident memory (issue #16).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, compress: options.compress ?? true, info: { Title: `${t('receiptPdf.title')} ${b.reference}`, Author: brand } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  /** A label on the left and an amount flush right on the same line. */
  const row = (label: string, value: string, { bold = false, detail }: { bold?: boolean; detail?: string } = {}) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, y, { width: width - 110 });
    const after = doc.y;
    doc.text(value, right - 110, y, { width: 110, align: 'right' });
    doc.y = Math.max(after, doc.y);
    if (detail) doc.font('Helvetica').fontSize(9).fillColor('#475569').text(detail, left, doc.y, { width: width - 110 }).fillColor('black');
    doc.moveDown(0.3);
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
    doc.moveDown(0.4);
  };
  const heading = (text: string) => {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(text, left, doc.y);
    doc.moveDown(0.3);
  };

  // The business and the document.
  doc.font('Helvetica-Bold').fontSize(18).text(brand, left, doc.y);
  doc.font('Helvetica').fontSize(10).fillColor('#334155');
  doc.text([business.phone ? formatPhone(business.phone) : null, business.email || null, business.website || null].filter(Boolean).join('  ·  '));
  doc.fillColor('black').moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(15).text(`${t('receiptPdf.title')} ${b.reference}`);
  doc.moveDown(0.5);

  const facts: [string, string][] = [
    [t('receiptPdf.reference'), b.reference],
    [t('receiptPdf.service'), t(`services.${b.serviceSlug}.name`, { defaultValue: b.serviceSlug })],
    [t('receiptPdf.date'), formatTampaDateTime(b.scheduledStart, lang)],
    [t('receiptPdf.address'), b.address],
    [t('receiptPdf.customer'), data.customerName],
  ];
  if (b.completedAt) facts.push([t('receiptPdf.completed'), formatTampaDateTime(b.completedAt, lang)]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(label, left, y, { width: 130 });
    const after = doc.y;
    doc.font('Helvetica').text(value, left + 135, y, { width: width - 135 });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.2);
  }

  // What the job costs.
  heading(t('receiptPdf.itemsTitle'));
  for (const item of b.lineItems) {
    const detail =
      item.unit === 'receipt'
        ? t('receiptPdf.atCost')
        : t('receiptPdf.lineDetail', { quantity: formatNumber(item.quantity, lang, 2), price: money(item.unitPriceCents), per: t(`receiptPdf.per.${item.unit}`) });
    row(t(`lineItems.${item.code}`, { defaultValue: item.code }), money(item.amountCents), { detail });
  }
  rule();
  row(t('receiptPdf.subtotal'), money(b.subtotalCents));
  row(t('receiptPdf.tax'), money(b.taxCents));
  row(t('receiptPdf.total'), money(b.totalCents), { bold: true });
  if (b.cancellation) {
    doc.moveDown(0.3);
    row(t('receiptPdf.cancellationFee'), money(b.cancellation.feeCents), { bold: true });
  }

  // The money: the hold and its fate, charges, tip, refunds.
  heading(t('receiptPdf.paymentTitle'));
  const p = data.payment;
  if (p?.cardBrand && p.cardLast4) doc.font('Helvetica').fontSize(10).text(t('receiptPdf.card', { brand: cardBrandName(p.cardBrand), last4: p.cardLast4 }), left, doc.y);
  if (p) {
    const notice = paymentTimingNotice({ start: b.scheduledStart, now: b.createdAt, totalCents: b.bookedTotalCents, payment: p, money: data.money });
    const { key, values } = paymentNoticeMessage(notice, lang);
    const heldCents = p.amountHeldCents || data.money.heldCents;
    if (heldCents > 0) row(t('receiptPdf.hold'), money(heldCents), { detail: t(key, values) });
    else doc.font('Helvetica').fontSize(10).text(t(key, values), left, doc.y, { width }).moveDown(0.3);
  }
  row(t('receiptPdf.captured'), money(data.money.capturedCents));
  if (data.money.extraChargedCents > 0) row(t('receiptPdf.extraCharged'), money(data.money.extraChargedCents));
  if (data.tipCents > 0) row(t('receiptPdf.tip'), money(data.tipCents));
  for (const refund of data.refunds) row(t('receiptPdf.refund', { date: formatTampaDateTime(refund.at, lang) }), `-${money(refund.amountCents)}`);
  rule();
  row(t('receiptPdf.paid'), money(data.money.paidCents + data.tipCents), { bold: true });
  if (p?.testMode) doc.moveDown(0.3).font('Helvetica-Oblique').fontSize(9).text(t('receiptPdf.testMode'), left, doc.y);

  doc.moveDown(1.2).font('Helvetica').fontSize(10).fillColor('#334155').text(t('receiptPdf.thanks', { business: brand }), left, doc.y, { width });
  doc.end();
  return done;
}

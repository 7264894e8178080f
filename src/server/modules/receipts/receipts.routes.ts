/**
 * `GET /api/bookings/{id}/receipt.pdf` (issue #14, "Receipts"): the booking's receipt as a PDF
 * download, in the caller's language (Accept-Language) unless `?lang=en|es` names one. For the
 * booking's customer and admins; 404 for anyone else (as if it did not exist); 409
 * `receipt_unavailable` until the job is completed (a cancelled or no-show booking that was
 * charged a fee has one too). `?compress=false` leaves the PDF's text streams uncompressed.
 */
import { z } from 'zod';
import { roleOf } from '../../auth/roles';
import { requireUser } from '../../auth/session';
import { apiRouter, defineRoute, errorResponses, idParams } from '../../lib/openapi';
import { buildReceiptPdf } from './receipt.service';

export const receiptPdfQuerySchema = z.object({
  /** The receipt's language; the caller's (Accept-Language) when absent. */
  lang: z.enum(['en', 'es']).optional(),
  /** 'false' for uncompressed content streams (readable text, for tests and tools). */
  compress: z.enum(['true', 'false']).optional(),
});

const receiptPdfRoute = defineRoute({
  method: 'get',
  path: '/{id}/receipt.pdf',
  access: 'signed_in',
  tags: ['Bookings'],
  summary: 'The booking\'s receipt as a PDF',
  description:
    "For the booking's customer and admins (404 for anyone else). Line items, subtotal, tax, total, the card hold and what became of it, what was charged, the tip, refunds; English or Spanish (`lang`, else Accept-Language). 409 `receipt_unavailable` unless the job is completed or a cancellation / no-show fee was charged.",
  request: { params: idParams, query: receiptPdfQuerySchema },
  responses: { 200: { description: 'The PDF (attachment)', content: { 'application/pdf': { schema: z.string() } } }, ...errorResponses(400, 401, 404, 409) },
});

export const receiptRoutes = apiRouter().openapi(receiptPdfRoute, async (c) => {
  const user = requireUser(c);
  const { id } = c.req.valid('param');
  const { lang, compress } = c.req.valid('query');
  const { db, config, gateway } = c.var.deps;
  const isAdmin = (await roleOf(db, user.id)) === 'admin';
  const file = await buildReceiptPdf({ db, config, testMode: gateway.testMode }, id, { id: user.id, isAdmin }, lang ?? c.var.lang, { compress: compress !== 'false' });
  return c.body(new Uint8Array(file.content), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  });
});

/**
 * One customer's history for admins (issue #14): who they are, then their bookings, the money
 * moved on them (ledger), their chats (internal notes marked) and the notes on their bookings,
 * each a section with a heading. Times in Tampa; money as dollars.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerHistory as History } from '@/domain/customer-history-contract';
import { formatCents, formatTampaDate, formatTampaShort } from '@/domain/format';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

const cell = 'px-3 py-2 align-top';

function Section({ id, title, count, empty, children }: { id: string; title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-700">({count})</span>
      </h2>
      {count === 0 ? <Card className="p-4 text-sm text-slate-700">{empty}</Card> : children}
    </section>
  );
}

export function CustomerHistoryView({ history }: { history: History }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { customer } = history;
  const bookingLink = (id: string, reference: string) => (
    <Link to={`/admin/bookings/${encodeURIComponent(id)}`} className="font-medium text-brand-700 underline underline-offset-4">
      {reference}
    </Link>
  );

  return (
    <div className="flex flex-col gap-6">
      <Card className="p-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-700">{t('dispatch.history.email')}</dt>
            <dd className="break-all font-medium text-slate-900">{customer.email}</dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('dispatch.history.phone')}</dt>
            <dd className="font-medium text-slate-900">{customer.phone ?? t('dispatch.history.none')}</dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('dispatch.history.joined')}</dt>
            <dd className="font-medium text-slate-900">{formatTampaDate(customer.joinedAt, lang)}</dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('dispatch.history.bookingsCount')}</dt>
            <dd className="font-medium text-slate-900">{history.bookings.length}</dd>
          </div>
        </dl>
      </Card>

      <Section id="history-bookings" title={t('dispatch.history.bookings')} count={history.bookings.length} empty={t('dispatch.history.noBookings')}>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>{t('dispatch.history.reference')}</th>
                <th scope="col" className={cell}>{t('dispatch.history.service')}</th>
                <th scope="col" className={cell}>{t('dispatch.history.appointment')}</th>
                <th scope="col" className={cell}>{t('dispatch.history.status')}</th>
                <th scope="col" className={cell}>{t('dispatch.history.technician')}</th>
                <th scope="col" className={cn(cell, 'text-right')}>{t('dispatch.history.total')}</th>
              </tr>
            </thead>
            <tbody>
              {history.bookings.map((b) => (
                <tr key={b.id} className="border-t border-slate-200">
                  <td className={cell}>{bookingLink(b.id, b.reference)}</td>
                  <td className={cell}>{t(`services.${b.service}.name`)}</td>
                  <td className={cell}>{formatTampaShort(b.scheduledStart, lang)}</td>
                  <td className={cell}>{t(`staff.status.${b.status}`)}</td>
                  <td className={cell}>{b.workerName ?? t('dispatch.history.none')}</td>
                  <td className={cn(cell, 'text-right')}>{formatCents(b.totalCents, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="history-payments" title={t('dispatch.history.payments')} count={history.payments.length} empty={t('dispatch.history.noPayments')}>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={cell}>{t('dispatch.history.when')}</th>
                <th scope="col" className={cell}>{t('dispatch.history.reference')}</th>
                <th scope="col" className={cell}>{t('dispatch.history.movement')}</th>
                <th scope="col" className={cn(cell, 'text-right')}>{t('dispatch.history.amount')}</th>
                <th scope="col" className={cell}>{t('dispatch.history.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {history.payments.map((p) => (
                <tr key={p.id} className="border-t border-slate-200">
                  <td className={cell}>{formatTampaShort(p.createdAt, lang)}</td>
                  <td className={cell}>{bookingLink(p.bookingId, p.reference)}</td>
                  <td className={cell}>{t(`dispatch.history.ledger.${p.kind}`)}</td>
                  <td className={cn(cell, 'text-right')}>{formatCents(p.amountCents, lang)}</td>
                  <td className={cell}>{p.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="history-chats" title={t('dispatch.history.chats')} count={history.chats.length} empty={t('dispatch.history.noChats')}>
        <ul className="flex flex-col gap-3">
          {history.chats.map((chat) => (
            <li key={chat.id}>
              <Card className="flex flex-col gap-2 p-4">
                <h3 className="font-semibold text-slate-900">
                  {chat.bookingReference ? t('dispatch.history.chatAbout', { reference: chat.bookingReference }) : t('dispatch.history.chatGeneral')} · {formatTampaDate(chat.createdAt, lang)}
                </h3>
                <ol className="flex flex-col gap-2 text-sm">
                  {chat.messages.map((m) => (
                    <li key={m.id} className={cn('rounded-md border p-2', m.internal ? 'border-amber-300 bg-amber-50' : 'border-slate-200')}>
                      <p className="text-xs text-slate-700">
                        {m.senderName ?? t(`dispatch.history.senders.${m.senderRole}`)} · {formatTampaShort(m.createdAt, lang)}
                        {m.internal ? <strong className="ml-2 text-amber-900">{t('dispatch.history.internal')}</strong> : null}
                      </p>
                      <p className="whitespace-pre-wrap break-words text-slate-900">{m.body || (m.hasAttachment ? t('dispatch.history.attachment') : '')}</p>
                    </li>
                  ))}
                </ol>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="history-notes" title={t('dispatch.history.notes')} count={history.notes.length} empty={t('dispatch.history.noNotes')}>
        <ul className="flex flex-col gap-2">
          {history.notes.map((note, i) => (
            <li key={`${note.bookingId}-${i}`}>
              <Card className="p-3 text-sm">
                <p className="text-xs text-slate-700">
                  {bookingLink(note.bookingId, note.reference)} · {note.source === 'booking' ? t('dispatch.history.noteFromBooking') : t('dispatch.history.noteFromChange')} · {formatTampaShort(note.createdAt, lang)}
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{note.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

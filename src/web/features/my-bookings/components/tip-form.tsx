/**
 * "Add a tip" on a completed booking in My Bookings (issue #14): suggested tips of 10/15/20% of
 * the job's total and a custom amount, none chosen until the customer picks one (a radio group:
 * arrow keys move, one Tab stop), charged on the booking's card when they press "Add tip"; 100%
 * goes to the technician. Open for 48 hours after completion (`tipUntil`; the server decides). A
 * declined card shows the bank's refusal in the customer's language and may be tried again; once
 * charged the card shows the tip (the receipt lists it too).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/domain/format';
import type { BookingView } from '@/domain/booking-request';
import { isAllowedTip, maxTipCents, tipPresets } from '@/domain/tips';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { dollarsToCents } from '@/web/lib/dollars';
import { useAddTip } from '../api/add-tip';

type Choice = { kind: 'preset'; percent: number } | { kind: 'custom' } | null;

export function TipForm({ booking }: { booking: BookingView }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState<Choice>(null);
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const addTip = useAddTip();
  const money = (cents: number) => formatPrice(cents, i18n.language);
  const tip = booking.tip ?? null;
  const name = booking.worker?.name ?? '';
  const open = booking.status === 'completed' && tip?.status !== 'succeeded' && booking.tipUntil != null && Date.now() < Date.parse(booking.tipUntil);
  const titleId = `${id}-title`;

  if (tip?.status === 'succeeded') {
    return (
      <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4 text-sm">
        <h4 id={titleId} className="font-semibold text-slate-900">
          {t('myBookings.tip.added', { amount: money(tip.amountCents) })}
        </h4>
        <p className="text-slate-700">{name ? t('myBookings.tip.thanks', { name }) : t('myBookings.tip.thanksNoName')}</p>
      </section>
    );
  }
  if (!open) return null;

  const totalCents = booking.final?.totalCents ?? booking.totalCents;
  const presets = tipPresets(totalCents);
  const max = maxTipCents(totalCents);
  const preset = choice?.kind === 'preset' ? presets.find((p) => p.percent === choice.percent) : undefined;
  const amountCents = preset ? preset.amountCents : choice?.kind === 'custom' ? dollarsToCents(custom) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) return setProblem(t('myBookings.tip.choose'));
    if (amountCents === null || !isAllowedTip(amountCents, totalCents)) return setProblem(t('myBookings.tip.range', { min: money(100), max: money(max) }));
    setProblem(null);
    addTip.mutate({ bookingId: booking.id, amountCents });
  };
  const option = (key: string, label: string, selected: boolean, onSelect: () => void) => (
    <label key={key} className={cn('flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm', selected ? 'border-brand-600 bg-brand-50' : 'border-slate-300')}>
      <input type="radio" name={`${id}-tip`} checked={selected} onChange={onSelect} className="h-4 w-4 accent-brand-600" />
      <span className="text-slate-900">{label}</span>
    </label>
  );

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4">
      <form onSubmit={submit} noValidate className="space-y-3">
        <h4 id={titleId} className="font-semibold text-slate-900">
          {name ? t('myBookings.tip.title', { name }) : t('myBookings.tip.titleNoName')}
        </h4>
        <p className="text-sm text-slate-700">{t('myBookings.tip.explain')}</p>
        <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
          <legend className="sr-only">{t('myBookings.tip.legend')}</legend>
          <div className="flex flex-wrap gap-2">
            {presets.map((preset) =>
              option(
                `p${preset.percent}`,
                t('myBookings.tip.preset', { percent: preset.percent, amount: money(preset.amountCents) }),
                choice?.kind === 'preset' && choice.percent === preset.percent,
                () => setChoice({ kind: 'preset', percent: preset.percent }),
              ),
            )}
            {option('custom', t('myBookings.tip.custom'), choice?.kind === 'custom', () => setChoice({ kind: 'custom' }))}
          </div>
        </fieldset>
        {choice?.kind === 'custom' ? (
          <div className="flex max-w-xs flex-col gap-1.5">
            <label htmlFor={`${id}-amount`} className="text-sm font-medium text-slate-900">
              {t('myBookings.tip.amount')}
            </label>
            <Input id={`${id}-amount`} inputMode="decimal" autoComplete="off" value={custom} onChange={(event) => setCustom(event.target.value)} aria-describedby={`${id}-amount-hint`} />
            <p id={`${id}-amount-hint`} className="text-sm text-slate-600">
              {t('myBookings.tip.range', { min: money(100), max: money(max) })}
            </p>
          </div>
        ) : null}
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        {tip?.status === 'failed' && !addTip.isError ? <p className="text-sm text-slate-700">{t('myBookings.tip.lastDeclined')}</p> : null}
        {addTip.isError ? <ApiErrorAlert error={addTip.error} /> : null}
        <Button type="submit" disabled={addTip.isPending}>
          {addTip.isPending ? t('myBookings.tip.sending') : amountCents !== null && choice !== null ? t('myBookings.tip.submitAmount', { amount: money(amountCents) }) : t('myBookings.tip.submit')}
        </Button>
      </form>
    </section>
  );
}

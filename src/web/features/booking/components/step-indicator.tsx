/** Where the customer is in the eight steps; on phones a "Step 3 of 8" line above thin bars. */
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/cn';
import { BOOKING_STEPS, stepIndex, type BookingStep } from '../utils/steps';

export function StepIndicator({ current }: { current: BookingStep }) {
  const { t } = useTranslation();
  const currentIndex = stepIndex(current);
  return (
    <nav aria-label={t('booking.steps.label')} className="space-y-2">
      <p aria-hidden="true" className="text-sm font-medium text-slate-700 sm:hidden">
        {t('booking.steps.progress', { number: currentIndex + 1, total: BOOKING_STEPS.length, name: t(`booking.steps.${current}`) })}
      </p>
      <ol className="grid grid-cols-8 gap-1 sm:gap-2">
        {BOOKING_STEPS.map((step, index) => (
          <li key={step} aria-current={index === currentIndex ? 'step' : undefined} className="min-w-0">
            <span
              aria-hidden="true"
              className={cn('block h-1.5 rounded-full', index < currentIndex ? 'bg-brand-600' : index === currentIndex ? 'bg-brand-700' : 'bg-slate-200')}
            />
            <span
              className={cn(
                'sr-only text-xs leading-tight sm:not-sr-only sm:mt-2 sm:block',
                index === currentIndex ? 'font-semibold text-slate-900' : 'text-slate-600',
              )}
            >
              {t(`booking.steps.${step}`)}
              {index < currentIndex && <span className="sr-only"> {t('booking.steps.done')}</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Settings, Payment Methods: the saved cards (brand, last 4, expiry) and removing one. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '@/web/components/auth/form-server-error';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { toast } from '@/web/lib/toast';
import { usePaymentMethods, useRemovePaymentMethod } from '../api/payment-methods';

export function PaymentMethods() {
  const { t } = useTranslation();
  const id = useId();
  const cards = usePaymentMethods();
  const remove = useRemovePaymentMethod();

  const onRemove = async (cardId: string) => {
    try {
      await remove.mutateAsync(cardId);
      toast.success(t('settings.payments.removed'));
    } catch (error) {
      toast.error(serverErrorMessage(error, t));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          {t('settings.payments.title')}
        </h2>
        {cards.isPending ? (
          <p className="text-slate-600">{t('common.loading')}</p>
        ) : cards.isError ? (
          <p className="text-slate-700">{serverErrorMessage(cards.error, t)}</p>
        ) : cards.data.length === 0 ? (
          <p className="text-slate-600">{t('settings.payments.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {cards.data.map((card) => (
              <li key={card.id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 p-3">
                <div>
                  <p className="font-medium capitalize text-slate-900">{t('settings.payments.card', { brand: card.brand, last4: card.last4 })}</p>
                  <p className="text-sm text-slate-700">
                    {t('settings.payments.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}
                  </p>
                </div>
                <Button size="sm" variant="destructive" onClick={() => void onRemove(card.id)} aria-label={t('settings.payments.removeLabel', { last4: card.last4 })}>
                  {t('settings.payments.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

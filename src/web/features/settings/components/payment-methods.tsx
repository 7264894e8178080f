/**
 * Settings, Payment Methods: the saved cards (brand, last 4, expiry), the default first with its
 * badge, making another card the default, and removing one.
 */
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '@/web/components/auth/form-server-error';
import { Button } from '@/web/components/ui/button';
import { useToastedAction } from '../hooks/use-toasted-action';
import { SettingsSection } from './settings-section';
import { usePaymentMethods, useRemovePaymentMethod, useSetDefaultPaymentMethod } from '../api/payment-methods';

export function PaymentMethods() {
  const { t } = useTranslation();
  const cards = usePaymentMethods();
  const remove = useRemovePaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();

  const onAction = useToastedAction();

  return (
    <SettingsSection title={t('settings.payments.title')}>
        {cards.isPending ? (
          <p className="text-slate-600">{t('common.loading')}</p>
        ) : cards.isError ? (
          <p className="text-slate-700">{serverErrorMessage(cards.error, t)}</p>
        ) : cards.data.length === 0 ? (
          <p className="text-slate-600">{t('settings.payments.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {cards.data.map((card) => (
              <li key={card.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="capitalize">{t('settings.payments.card', { brand: card.brand, last4: card.last4 })}</span>
                    {card.is_default ? (
                      <span className="rounded-full border border-brand-100 bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('settings.payments.default')}</span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-700">
                    {t('settings.payments.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {!card.is_default ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={setDefault.isPending}
                      onClick={() => void onAction(() => setDefault.mutateAsync(card.id), t('settings.payments.defaultSet'))}
                      aria-label={t('settings.payments.setDefaultLabel', { last4: card.last4 })}
                    >
                      {t('settings.payments.setDefault')}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => void onAction(() => remove.mutateAsync(card.id), t('settings.payments.removed'))}
                    aria-label={t('settings.payments.removeLabel', { last4: card.last4 })}
                  >
                    {t('settings.payments.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
    </SettingsSection>
  );
}

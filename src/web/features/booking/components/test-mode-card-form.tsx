/**
 * Card entry for the simulated gateway (test mode): number, expiry (MM/YY) and CVC are sent once
 * to the test-mode tokenizer and then forgotten; only the returned reference reaches the draft.
 * The server's field errors (details.number / expiry / cvc) show next to their fields.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FieldError } from '@/web/components/ui/field-error';
import { ApiError } from '@/web/lib/api-client';
import { useCreateTestPaymentMethod } from '../api/create-test-payment-method';
import { useMessageText } from '../hooks/use-message-text';
import { schemaResolver } from '../hooks/use-step-form';
import type { CardEntryProps } from './card-entry';
import { TextField } from './fields';
import { StepActions } from './step-layout';

/** Shape checks only, so obvious typos are caught before a round trip; the gateway decides the rest. */
const testCardSchema = z.object({
  number: z.string().transform((value) => value.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{12,19}$/, { error: 'validation.cardNumberInvalid' })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: 'validation.cardExpiryInvalid' })
    .transform((value) => {
      const [month, year] = value.split('/').map((part) => Number(part.trim()));
      return { expMonth: month, expYear: 2000 + year };
    }),
  cvc: z.string().trim().regex(/^\d{3,4}$/, { error: 'validation.cvcInvalid' }),
});

type CardValues = z.input<typeof testCardSchema>;
const FIELD_OF_DETAIL: Record<string, keyof CardValues> = { number: 'number', expiry: 'expiry', expMonth: 'expiry', expYear: 'expiry', cvc: 'cvc' };

export function TestModeCardForm({ submitLabel, onSaved, onBack }: CardEntryProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const tokenize = useCreateTestPaymentMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<CardValues, unknown, z.output<typeof testCardSchema>>({
    resolver: schemaResolver<CardValues, z.output<typeof testCardSchema>>(testCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

  const submit = handleSubmit(async ({ number, expiry, cvc }) => {
    setFormError(null);
    try {
      const card = await tokenize.mutateAsync({ number, ...expiry, cvc });
      onSaved({ id: card.id, brand: card.brand, last4: card.last4 });
    } catch (error) {
      const details = error instanceof ApiError ? Object.entries(error.details ?? {}) : [];
      const fieldErrors = details.filter(([key]) => key in FIELD_OF_DETAIL);
      fieldErrors.forEach(([key, message], index) => setError(FIELD_OF_DETAIL[key], { type: 'server', message }, { shouldFocus: index === 0 }));
      if (fieldErrors.length === 0) setFormError(error instanceof Error ? error.message : t('errors.generic'));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id="card-number" autoComplete="cc-number" inputMode="numeric" placeholder="1234 1234 1234 1234"
        label={t('booking.payment.card.number')} registration={register('number')} error={text(errors.number?.message)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="card-expiry" autoComplete="cc-exp" inputMode="numeric" placeholder={t('booking.payment.card.expiryPlaceholder')}
          label={t('booking.payment.card.expiry')} registration={register('expiry')} error={text(errors.expiry?.message)}
        />
        <TextField
          id="card-cvc" autoComplete="cc-csc" inputMode="numeric" maxLength={4} placeholder="123"
          label={t('booking.payment.card.cvc')} registration={register('cvc')} error={text(errors.cvc?.message)}
        />
      </div>
      <div aria-live="assertive">
        <FieldError id="card-error" message={formError} />
      </div>
      <StepActions onBack={onBack} submitLabel={submitLabel} busy={tokenize.isPending} busyLabel={t('booking.actions.processing')} />
    </form>
  );
}

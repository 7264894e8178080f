/**
 * Add or edit one canned reply: a title and the same answer in English and in Spanish (the
 * customer's language picks which one is inserted). Checked with the API's own schema
 * (cannedReplyInputSchema) before sending; a refusal from the server shows each field's message
 * under that field (`details.title`, `details.bodyEn`, `details.bodyEs`), anything else above the
 * buttons.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cannedReplyInputSchema, type CannedReply } from '@/domain/chats-contract';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { FormField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { useSaveCannedReply, type CannedReplyInput } from '../../admin-api';

const FIELDS = ['title', 'bodyEn', 'bodyEs'] as const;

const textareaClass =
  'min-h-24 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

export interface CannedReplyFormProps {
  /** The reply to edit; none to add a new one. */
  reply: CannedReply | null;
  onDone: () => void;
}

export function CannedReplyForm({ reply, onDone }: CannedReplyFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveCannedReply();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CannedReplyInput, unknown, z.output<typeof cannedReplyInputSchema>>({
    resolver: zodResolver(cannedReplyInputSchema),
    defaultValues: { title: reply?.title ?? '', bodyEn: reply?.bodyEn ?? '', bodyEs: reply?.bodyEs ?? '' },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { ...values, id: reply?.id },
      {
        onSuccess: () => {
          toast.success(t('chats.canned.saved', { title: values.title }));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details) {
            for (const field of FIELDS) {
              const message = error.details[field];
              if (message) setError(field, { type: 'server', message });
            }
          }
        },
      },
    ),
  );

  // The form's own messages are i18n keys; the server's come translated.
  const messageOf = (field: (typeof FIELDS)[number]) => {
    const error = errors[field];
    if (!error?.message) return null;
    return error.type === 'server' ? error.message : t(error.message);
  };
  const refusedFields = save.error instanceof ApiError && save.error.details && FIELDS.some((field) => save.error instanceof ApiError && save.error.details?.[field]);

  const area = (field: 'bodyEn' | 'bodyEs', label: string) => {
    const fieldId = `${id}-${field}`;
    const message = messageOf(field);
    return (
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fieldId}>{label}</Label>
        <textarea
          id={fieldId}
          rows={4}
          className={textareaClass}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${fieldId}-error` : undefined}
          lang={field === 'bodyEs' ? 'es' : 'en'}
          {...register(field)}
        />
        <FieldError id={`${fieldId}-error`} message={message} />
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending || undefined} className="flex flex-col gap-4">
      <h3 className="font-semibold text-slate-900">{reply ? t('chats.canned.editTitle') : t('chats.canned.newTitle')}</h3>
      <FormField id={`${id}-title`} label={t('chats.canned.title')} autoComplete="off" registration={register('title')} error={messageOf('title')} />
      {area('bodyEn', t('chats.canned.bodyEn'))}
      {area('bodyEs', t('chats.canned.bodyEs'))}
      {save.error && !refusedFields ? <ApiErrorAlert error={save.error} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('chats.canned.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.processing') : t('chats.canned.save')}
        </Button>
      </div>
    </form>
  );
}

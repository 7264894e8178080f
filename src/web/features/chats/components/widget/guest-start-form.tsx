/**
 * The signed-out visitor's way into the chat: name, and an email or a phone so we can answer
 * (startGuestConversationSchema; at least one of the two). `POST /api/chats/guest` starts the
 * conversation and sets the guest cookie; the thread follows at once. The visitor's language
 * goes along, so our emails and canned replies use it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startGuestConversationSchema } from '@/domain/chats-contract';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { chatLanguageOf, startGuestConversation, type Conversation } from '../../api';

type Field = 'name' | 'email' | 'phone';
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['name', 'email', 'phone'];

export function GuestStartForm({ onStarted }: { onStarted: (conversation: Conversation) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const input = {
      name: values.name,
      email: values.email.trim() || undefined,
      phone: values.phone.trim() || undefined,
      language: chatLanguageOf(i18n.language),
    };
    const parsed = startGuestConversationSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = t(issue.message);
      }
      setErrors(found);
      document.getElementById(`${id}-${FIELDS.find((field) => found[field])}`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      // The form's words go as typed; the server checks and normalizes them again.
      onStarted(await startGuestConversation(input));
    } catch (error) {
      if (error instanceof ApiError && error.details) {
        const found: FieldErrors = {};
        for (const field of FIELDS) if (error.details[field]) found[field] = error.details[field];
        setErrors(found);
      }
      setServerError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting} className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
      <p className="text-sm text-slate-700">{t('chats.widget.guest.intro')}</p>
      <FormField id={`${id}-name`} label={t('chats.widget.guest.name')} autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
      <FormField
        id={`${id}-email`} label={t('chats.widget.guest.email')} type="email" inputMode="email" autoComplete="email"
        value={values.email} onChange={set('email')} error={errors.email} hint={t('chats.widget.guest.contactHint')}
      />
      <FormField id={`${id}-phone`} label={t('chats.widget.guest.phone')} type="tel" inputMode="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
      {serverError ? <ApiErrorAlert error={serverError} /> : null}
      <Button type="submit" disabled={submitting}>
        {submitting ? t('common.processing') : t('chats.widget.guest.start')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('chats.widget.guest.haveAccount')}{' '}
        <Link to="/auth" className="font-medium text-brand-700 underline">
          {t('chats.widget.guest.signIn')}
        </Link>
      </p>
    </form>
  );
}

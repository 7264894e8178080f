/**
 * Settings, Account Security, delete account: typing DELETE enables the button; the server
 * refuses while bookings are open (its message is shown). Afterwards the client forgets the
 * user (as on sign-out) and goes home.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_WORD, type Me } from '@/domain/account';
import { FormServerError, serverErrorMessage } from '@/web/components/auth/form-server-error';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { SIGNED_OUT_ME } from '@/web/lib/auth';
import { toast } from '@/web/lib/toast';
import { deleteAccount } from '../api/delete-account';

export function DeleteAccount() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onDelete = async () => {
    if (typed !== ACCOUNT_DELETION_WORD) return;
    setError(null);
    setPending(true);
    try {
      await deleteAccount({ confirm: typed });
      queryClient.removeQueries();
      queryClient.setQueryData<Me>(['me'], SIGNED_OUT_ME);
      toast.success(t('settings.deleteAccount.done'));
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(serverErrorMessage(caught, t));
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-md border border-red-200 p-4">
      <h3 className="font-semibold text-red-900">{t('settings.deleteAccount.title')}</h3>
      <p className="text-sm text-slate-700">{t('settings.deleteAccount.explain')}</p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-confirm`}>{t('settings.deleteAccount.confirmLabel', { word: ACCOUNT_DELETION_WORD })}</Label>
        <Input id={`${id}-confirm`} autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
      <FormServerError message={error} />
      <Button variant="destructive" className="self-start" disabled={typed !== ACCOUNT_DELETION_WORD || pending} onClick={() => void onDelete()}>
        {pending ? t('common.processing') : t('settings.deleteAccount.submit')}
      </Button>
    </div>
  );
}

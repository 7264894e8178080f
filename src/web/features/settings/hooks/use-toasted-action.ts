/**
 * Runs a settings action (remove, set default, ...) and says how it went: the success text as a
 * toast, or the server's translated error as an error toast. Never throws.
 */
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '@/web/components/auth/form-server-error';
import { toast } from '@/web/lib/toast';

export function useToastedAction() {
  const { t } = useTranslation();
  return async (action: () => Promise<unknown>, success: string): Promise<void> => {
    try {
      await action();
      toast.success(success);
    } catch (error) {
      toast.error(serverErrorMessage(error, t));
    }
  };
}

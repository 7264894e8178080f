/** /admin/customers/:id: one customer's bookings, payments, chats and notes (admins only; issue #14). */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice, StaffGate } from '@/web/components/staff/staff-gate';
import { useCustomerHistory } from '../api/get-customer-history';
import { AdminNav } from '../components/admin-nav';
import { CustomerHistoryView } from '../components/customer-history';

export function Component() {
  return (
    <StaffGate role="admin">
      <CustomerHistoryPage />
    </StaffGate>
  );
}

function CustomerHistoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const history = useCustomerHistory(id);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{history.data ? t('dispatch.history.title', { name: history.data.customer.name }) : t('dispatch.history.titleLoading')}</h1>
        <AdminNav />
      </div>
      {history.isPending ? (
        <LoadingScreen />
      ) : history.isError ? (
        <QueryErrorNotice error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} title={t('dispatch.history.loadFailed')} />
      ) : (
        <CustomerHistoryView history={history.data} />
      )}
    </div>
  );
}

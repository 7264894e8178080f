/** /admin: the dispatch board (admins only; everyone else is asked to sign in or told access is denied). */
import { useTranslation } from 'react-i18next';
import { StaffGate } from '@/web/components/staff/staff-gate';
import { AdminNav } from '../components/admin-nav';
import { DispatchBoard } from '../components/dispatch-board';

export function Component() {
  const { t } = useTranslation();
  return (
    <StaffGate role="admin">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('dispatch.board.title')}</h1>
          <AdminNav />
        </div>
        <DispatchBoard />
      </div>
    </StaffGate>
  );
}

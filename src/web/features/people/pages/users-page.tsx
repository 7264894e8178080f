/**
 * /admin/users: search (name or email) and page through users with role, join date and
 * bookings count; change a role; disable or enable an account. The server refuses an admin
 * removing their own admin role or disabling themselves; its message shows as a toast.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTampaDate } from '@/domain/format';
import { DEFAULT_USERS_PAGE_SIZE, type AdminUser } from '@/domain/admin-users';
import { ROLES, type Role } from '@/domain/roles';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice, StaffGate } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { useUsers } from '../api/get-users';
import { useUpdateUser, type UserChange } from '../api/update-user';
import { PeopleNav } from '../components/people-nav';

/** The role choices, weakest first. */
const ROLE_CHOICES: Role[] = [...ROLES].reverse();

export function Component() {
  const { t } = useTranslation();
  return (
    <StaffGate role="admin">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('people.users.title')}</h1>
          <PeopleNav />
        </div>
        <UsersDirectory />
      </div>
    </StaffGate>
  );
}

function UsersDirectory() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
    setPage(1);
  }

  return (
    <>
      <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="users-q">{t('people.users.search')}</Label>
          <Input id="users-q" name="q" type="search" defaultValue={q} className="w-72" />
        </div>
        <Button type="submit">{t('people.users.searchButton')}</Button>
      </form>
      {users.isPending ? (
        <LoadingScreen />
      ) : users.isError ? (
        <QueryErrorNotice error={users.error} onRetry={() => void users.refetch()} retrying={users.isFetching} />
      ) : users.data.users.length === 0 ? (
        <Card className="p-6 text-slate-700">{t('people.users.empty')}</Card>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">{t('people.users.name')}</th>
                  <th scope="col" className="px-3 py-2">{t('people.users.email')}</th>
                  <th scope="col" className="px-3 py-2">{t('people.users.role')}</th>
                  <th scope="col" className="px-3 py-2">{t('people.users.joined')}</th>
                  <th scope="col" className="px-3 py-2 text-right">{t('people.users.bookings')}</th>
                  <th scope="col" className="px-3 py-2">{t('people.users.account')}</th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((u) => (
                  <UserRow key={u.id} user={u} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={users.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUser();
  const change = (c: UserChange, done: string) =>
    update.mutate(c, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : t('errors.generic')),
    });
  const roleId = `role-${user.id}`;
  return (
    <tr className="border-t border-slate-200">
      <td className="px-3 py-2 font-medium text-slate-900">
        <Link to={`/admin/customers/${encodeURIComponent(user.id)}`} className="text-brand-700 underline underline-offset-4">
          {user.name}
        </Link>
      </td>
      <td className="break-all px-3 py-2 text-slate-700">{user.email}</td>
      <td className="px-3 py-2">
        <label htmlFor={roleId} className="sr-only">
          {t('people.users.roleFor', { name: user.name })}
        </label>
        <select
          id={roleId}
          value={user.role}
          disabled={update.isPending}
          onChange={(e) => change({ id: user.id, role: e.target.value as Role }, t('people.users.roleChanged', { name: user.name }))}
          className="h-9 rounded-md border border-slate-300 bg-white px-2"
        >
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {t(`people.users.roles.${role}`)}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2 text-slate-700">{formatTampaDate(user.joinedAt, i18n.language)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{user.bookingsCount}</td>
      <td className="px-3 py-2">
        <div className="flex items-center gap-2">
          {user.disabled ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">{t('people.users.disabled')}</span> : null}
          <Button
            size="sm"
            variant={user.disabled ? 'outline' : 'destructive'}
            disabled={update.isPending}
            onClick={() =>
              change({ id: user.id, disabled: !user.disabled }, user.disabled ? t('people.users.enabledToast', { name: user.name }) : t('people.users.disabledToast', { name: user.name }))
            }
          >
            {user.disabled ? t('people.users.enable') : t('people.users.disable')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / DEFAULT_USERS_PAGE_SIZE));
  return (
    <nav aria-label={t('people.users.pagination')} className="flex items-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('people.users.previous')}
      </Button>
      <span className="text-sm text-slate-700">{t('people.users.pageOf', { page, pages, total })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('people.users.next')}
      </Button>
    </nav>
  );
}

/**
 * The signed-in user's account places (issue #14): Settings, My Bookings and, for staff, their
 * area (admins the Admin Dashboard at /admin, workers My Jobs at /worker), in the order the
 * header's account menu and the phone menu list them; and signing out.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Me } from '@/domain/account';
import { ApiError } from '@/web/lib/api-client';
import { signOut } from '@/web/lib/auth';
import { toast } from '@/web/lib/toast';

export interface AccountLink {
  to: string;
  /** The message key of its label. */
  label: string;
  /** Active only on exactly this path (a staff area's home page). */
  end?: boolean;
}

/**
 * The account links for a role (null: a customer), keeping only those `available` says the
 * running app serves (issue #15: useAppTable().has; by default all of them, as on the web).
 */
export function accountLinks(role: Me['role'], available: (to: string) => boolean = () => true): AccountLink[] {
  const links: AccountLink[] = [
    { to: '/settings', label: 'header.account.settings' },
    { to: '/my-bookings', label: 'header.myBookings' },
  ];
  if (role === 'admin') links.push({ to: '/admin', label: 'header.adminDashboard', end: true });
  if (role === 'worker') links.push({ to: '/worker', label: 'header.myJobs', end: true });
  return links.filter((link) => available(link.to));
}

/** The name to show for the signed-in user: their full name, else their email. */
export function displayName(me: Me | undefined): string {
  return me?.profile?.full_name?.trim() || me?.user?.name?.trim() || me?.user?.email || '';
}

/** Signs out, goes home and says so; `onDone` runs before the navigation (closing a menu). */
export function useSignOut(onDone?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOutNow = async () => {
    setSigningOut(true);
    try {
      await signOut(queryClient);
      onDone?.();
      await navigate('/');
      toast.success(t('header.signedOutToast'));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setSigningOut(false);
    }
  };
  return { signOut: signOutNow, signingOut };
}

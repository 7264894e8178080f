/**
 * App-wide providers: the query client (spec defaults) and the toaster (one toast at a time,
 * below the header, app-toaster.tsx), a lazy chunk mounted on the visit's first toast (lib/toast.ts). Starts the
 * analytics tracker once (lib/analytics.ts: sending on page hide, then Web Vitals and the
 * optional Google Analytics tag when the page is idle).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { OptionalPart } from '@/web/components/errors/optional-part';
import { startAnalytics } from '@/web/lib/analytics';
import { createQueryClient } from '@/web/lib/query-client';
import { useToasterWanted } from '@/web/lib/toast';

const Toaster = lazy(() => import('./app-toaster').then((module) => ({ default: module.AppToaster })));

/** `queryClient`: one already holding answers (a prerendered page's, main.tsx); a new one by default. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const toasterWanted = useToasterWanted();
  useEffect(() => startAnalytics(import.meta.env.VITE_GA_MEASUREMENT_ID || undefined), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* without it (its code not downloaded on a dropped connection) the app goes on, toasts unseen */}
      {toasterWanted && (
        <OptionalPart>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </OptionalPart>
      )}
    </QueryClientProvider>
  );
}

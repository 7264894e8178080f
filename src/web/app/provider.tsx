/**
 * App-wide providers: the query client (spec defaults) and the toaster (one toast at a time),
 * which is a lazy chunk so it stays out of the first page load (see lib/toast.ts).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/web/lib/query-client';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster visibleToasts={1} position="top-center" richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}

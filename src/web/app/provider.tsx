/** App-wide providers: the query client (spec defaults) and the toaster (one toast at a time). */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/web/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster visibleToasts={1} position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}

/** The frame of the worker's pages: a narrow column for phones (360 px and up), the title and the worker tabs. */
import type { ReactNode } from 'react';
import { StaffGate } from '@/web/components/staff/staff-gate';
import { WorkerNav } from './worker-nav';

export function WorkerLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <StaffGate role="worker">
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 py-6 sm:px-4">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <WorkerNav />
        {children}
      </div>
    </StaffGate>
  );
}

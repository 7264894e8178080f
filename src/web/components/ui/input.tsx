import type { InputHTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-600 disabled:opacity-60 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * One section of /settings (spec section 2, "Settings screen sections"): a card holding a
 * region named by its heading, so screen readers list the five sections by name.
 */
import { useId, type ReactNode } from 'react';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

export function SettingsSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`} className={cn('flex flex-col gap-4', className)}>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

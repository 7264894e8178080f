/**
 * One section of /admin/settings: a card holding a region named by its heading (an anchor for
 * the "Jump to" links), its description, and who saved it last and when (Tampa time).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTampaDateAndTime } from '@/domain/format';
import type { SectionState } from '@/domain/settings-contract';
import { Card } from '@/web/components/ui/card';

export function SectionCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="scroll-mt-20 p-4 sm:p-6" id={id}>
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <header className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-700">{description}</p> : null}
        </header>
        {children}
      </section>
    </Card>
  );
}

/** "Last saved by Ana on Nov 21, 2026, 10:20 AM." or "Default values, never changed here." */
export function LastSaved({ state }: { state: Pick<SectionState<unknown>, 'updatedAt' | 'updatedBy'> }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="text-sm text-slate-600">
      {state.updatedAt && state.updatedBy
        ? t('adminSettings.lastSaved', { name: state.updatedBy.name, when: formatTampaDateAndTime(state.updatedAt, i18n.language) })
        : t('adminSettings.neverSaved')}
    </p>
  );
}

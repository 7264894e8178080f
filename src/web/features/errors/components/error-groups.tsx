/**
 * Entries grouped by fingerprint (issue #11): the type and latest message, how often, how many
 * open, first and last seen, how many signed-in users met it, a regression mark when it came back
 * after being resolved; "Show entries" filters the list to the group, "Resolve group" resolves
 * all its open entries.
 */
import { useTranslation } from 'react-i18next';
import type { ErrorGroup } from '@/domain/errors-contract';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useResolveErrorGroup } from '../api/resolve-error';
import { formatTampaTimestamp } from '@/domain/format';
import { RegressionBadge, SeverityBadge } from './error-badges';

export interface ErrorGroupsProps {
  groups: ErrorGroup[];
  onShowEntries: (group: ErrorGroup) => void;
}

export function ErrorGroups({ groups, onShowEntries }: ErrorGroupsProps) {
  const { t } = useTranslation();
  if (groups.length === 0) return <Card className="p-6 text-slate-700">{t('errorLog.groups.empty')}</Card>;
  return (
    <section aria-labelledby="error-groups-title">
      <h2 id="error-groups-title" className="sr-only">
        {t('errorLog.groups.label')}
      </h2>
      <ul className="flex flex-col gap-2">
        {groups.map((group) => (
          <GroupRow key={group.fingerprint} group={group} onShowEntries={onShowEntries} />
        ))}
      </ul>
    </section>
  );
}

function GroupRow({ group, onShowEntries }: { group: ErrorGroup; onShowEntries: (group: ErrorGroup) => void }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveErrorGroup();
  return (
    <li>
      <article aria-label={`${group.error_type}: ${group.error_message}`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-start sm:justify-between sm:p-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <SeverityBadge severity={group.severity} />
            {group.regression ? <RegressionBadge /> : null}
            <span className="text-sm font-semibold tabular-nums text-slate-900">{t('errorLog.groups.occurrences', { count: group.count })}</span>
            <span className="text-sm text-slate-700">
              {group.unresolved_count > 0 ? t('errorLog.groups.open', { count: group.unresolved_count }) : t('errorLog.groups.allResolved')}
            </span>
          </div>
          <p className="font-semibold text-slate-900">{group.error_type}</p>
          <p className="line-clamp-2 break-words text-sm text-slate-800">{group.error_message}</p>
          <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
            <span>{t('errorLog.groups.firstSeen', { when: formatTampaTimestamp(group.first_seen, i18n.language) })}</span>
            <span>{t('errorLog.groups.lastSeen', { when: formatTampaTimestamp(group.last_seen, i18n.language) })}</span>
            <span>{t('errorLog.groups.affectedUsers', { count: group.affected_users })}</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="outline" onClick={() => onShowEntries(group)}>
            {t('errorLog.groups.showEntries')}
          </Button>
          {group.unresolved_count > 0 ? (
            <Button size="sm" disabled={resolve.isPending} onClick={() => resolve.mutate(group.fingerprint)}>
              {resolve.isPending ? t('errorLog.list.resolving') : t('errorLog.groups.resolveGroup')}
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

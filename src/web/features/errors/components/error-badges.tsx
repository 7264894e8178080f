/** Small labels of an entry or group: its severity, open or resolved, a regression, where it came from. */
import { useTranslation } from 'react-i18next';
import type { ErrorSeverity, ErrorSource } from '@/domain/errors-contract';
import { cn } from '@/web/lib/cn';

const SEVERITY_STYLES: Record<ErrorSeverity, string> = {
  critical: 'bg-red-700 text-white',
  error: 'bg-orange-100 text-orange-900',
  warning: 'bg-amber-100 text-amber-900',
  info: 'bg-slate-100 text-slate-800',
};

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

export function SeverityBadge({ severity }: { severity: ErrorSeverity }) {
  const { t } = useTranslation();
  return <span className={cn(badge, SEVERITY_STYLES[severity])}>{t(`errorLog.severity.${severity}`)}</span>;
}

export function StatusBadge({ resolved }: { resolved: boolean }) {
  const { t } = useTranslation();
  return <span className={cn(badge, resolved ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-900')}>{resolved ? t('errorLog.list.resolved') : t('errorLog.list.open')}</span>;
}

export function RegressionBadge() {
  const { t } = useTranslation();
  return <span className={cn(badge, 'bg-fuchsia-100 text-fuchsia-900')}>{t('errorLog.list.regression')}</span>;
}

export function SourceBadge({ source }: { source: ErrorSource }) {
  const { t } = useTranslation();
  return <span className={cn(badge, 'border border-slate-300 text-slate-700')}>{t(`errorLog.source.${source}`)}</span>;
}

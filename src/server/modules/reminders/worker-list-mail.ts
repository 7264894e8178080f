/**
 * The workers' evening mail (issue #14): one message listing a worker's jobs on the next Tampa
 * day, soonest first, with Tampa start times, service, address and reference. English (workers
 * have no language of their own stored yet). Pure: data in, message out.
 */
import { formatCalendarDate, formatTampaTime } from '../../../domain/format';
import { translator, type Lang } from '../../lib/i18n';
import { compose } from '../../mail/booking-mail';

export interface WorkerListJob {
  reference: string;
  serviceSlug: string;
  scheduledStart: Date;
  street: string;
  unit: string | null;
  city: string;
}

export interface WorkerListMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: 'worker_next_day';
  language: Lang;
}

/**
 * @param date the Tampa date of the jobs, 'YYYY-MM-DD'
 * @param jobs at least one; listed by start
 * @param publicUrl the site's origin (the link to /worker)
 */
export function renderWorkerList(worker: { name: string; email: string }, date: string, jobs: WorkerListJob[], publicUrl: string, lang: Lang = 'en'): WorkerListMail {
  const t = translator(lang);
  const day = formatCalendarDate(date, lang, 'long');
  const lines = [...jobs]
    .sort((a, b) => a.scheduledStart.getTime() - b.scheduledStart.getTime())
    .map((job) =>
      t('mail.workerList.job', {
        time: formatTampaTime(job.scheduledStart, lang),
        service: t(`services.${job.serviceSlug}.name`, { defaultValue: job.serviceSlug }),
        address: [job.unit ? `${job.street}, ${job.unit}` : job.street, job.city].join(', '),
        reference: job.reference,
      }),
    );
  const body = compose([t('mail.workerList.greeting', { name: worker.name }), t('mail.workerList.intro', { date: day }), lines, t('mail.workerList.open', { url: `${publicUrl}/worker` }), t('mail.signature')]);
  return { to: worker.email, subject: t('mail.workerList.subject', { date: day, count: jobs.length }), ...body, template: 'worker_next_day', language: lang };
}

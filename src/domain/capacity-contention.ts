/**
 * What two capacity decisions can contend for (issue #16, docs/decisions/031-booking-lock-scope.md).
 * Pure: workers are an argument.
 *
 * A decision on a Tampa date for a job of service `s` (is this start still offered? may this
 * worker take this job?) reads the day's plan (src/domain/capacity.ts planJobs). A job of service
 * `t` is only ever placed on a worker with skill `t`, so the plan on the workers who can do `s`
 * depends only on the jobs of the services those workers share, and on the jobs of the services
 * *those* services' workers share, and so on: the connected part of the graph "services linked by
 * a worker on duty that day who has both skills". Decisions in different parts of that graph read
 * and write disjoint parts of the plan, so they may run at the same time; decisions in one part
 * must take turns. Only workers on duty that date (a weekly range on its weekday, no time off
 * covering it) link services: the others can take no job that day.
 */
import { SERVICE_SLUGS, type ServiceSlug } from './services';
import type { WorkerCapacity } from './capacity';

/**
 * The services whose jobs can move the plan a decision about `service` on `date` reads: `service`
 * itself and every service linked to it through workers on duty that date.
 * @param date 'YYYY-MM-DD' in Tampa time
 * @param weekday that date's Tampa weekday, 0 = Sunday ... 6 = Saturday (slots.ts businessWeekday)
 * @returns service slugs in SERVICE_SLUGS order (a fixed order: locks taken in it cannot deadlock)
 */
export function contendingServices(input: { workers: readonly WorkerCapacity[]; date: string; weekday: number; service: ServiceSlug }): ServiceSlug[] {
  const onDuty = input.workers.filter(
    (w) => w.weekly.some((r) => r.weekday === input.weekday && r.startMinute < r.endMinute) && !w.timeOff.some((off) => off.startsOn <= input.date && input.date <= off.endsOn),
  );
  const reached = new Set<ServiceSlug>([input.service]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const worker of onDuty) {
      if (!worker.skills.some((s) => reached.has(s))) continue;
      for (const skill of worker.skills) {
        if (!reached.has(skill)) {
          reached.add(skill);
          grew = true;
        }
      }
    }
  }
  return SERVICE_SLUGS.filter((s) => reached.has(s));
}

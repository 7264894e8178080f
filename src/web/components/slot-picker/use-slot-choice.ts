/**
 * The state behind a slot picker: which Tampa date is shown, its offered start times, and
 * whether the chosen start is still among them. Shared by the booking flow's Date & Time step
 * and rescheduling in My Bookings, which both validate the choice themselves before moving on.
 */
import type { ServiceSlug } from '@/domain/services';
import { businessDate } from '@/domain/slots';
import { useSlots } from '@/web/lib/slots';

export interface SlotChoiceInput {
  slug: ServiceSlug;
  /** The job's length: only starts with room for the whole job are offered. */
  durationMinutes: number;
  /** The Tampa date picked ('YYYY-MM-DD'); null shows today (the server's first date). */
  date: string | null;
  /** The start picked, an ISO instant. */
  startAt: string | null;
}

export function useSlotChoice({ slug, durationMinutes, date, startAt }: SlotChoiceInput) {
  // A date kept from an earlier day (a stored draft) may have passed: ask for today's slots instead.
  const today = businessDate(new Date());
  const requestedDate = date && date >= today ? date : null;
  const slots = useSlots({ slug, date: requestedDate, durationMinutes });

  const shownDate = requestedDate ?? slots.data?.date ?? null;
  const timesLoading = slots.isPending || slots.isPlaceholderData;
  const starts = timesLoading ? [] : (slots.data?.starts ?? []);
  /** The picked start when it is offered on the shown date; null otherwise (nothing valid picked). */
  const chosen = startAt && starts.includes(startAt) ? startAt : null;

  return { slots, today, shownDate, starts, timesLoading, startAt, chosen };
}

export type SlotChoice = ReturnType<typeof useSlotChoice>;

/**
 * Business ceilings on what a finished job may charge (issue #9), so that a typo or an attacker
 * can never turn a one-hour job into thousands of dollars:
 * - furniture: actual hours at most max(estimated x 2, estimated + 4), and never above 12;
 * - paint bought at cost: at most $500 per room painted;
 * - any final amount above what was held at booking by more than $150 is not charged at once:
 *   an admin approves it first, and the customer is told why before it is charged.
 * Every number is a setting (`settings.money_limits`); these are the defaults. Cents, hours.
 *
 * Also the range of the database's `integer` columns, which every amount must fit.
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

export interface MoneyLimits {
  /** Furniture: actual hours may be up to the estimate times this... */
  hoursFactor: number;
  /** ...or the estimate plus this many hours, whichever is larger... */
  hoursExtra: number;
  /** ...and never more than this. */
  hoursCap: number;
  /** Paint bought at cost: at most this per room painted, cents. */
  paintCostPerRoomCents: number;
  /** A final amount above the held amount by more than this needs an admin's approval, cents. */
  approvalAboveHoldCents: number;
}

export const DEFAULT_MONEY_LIMITS: MoneyLimits = {
  hoursFactor: 2,
  hoursExtra: 4,
  hoursCap: 12,
  paintCostPerRoomCents: 50_000,
  approvalAboveHoldCents: 15_000,
};

/** A number in [min, max] (whole when `int`), every refusal worded by one i18n key. */
const bounded = (min: number, max: number, message: string, int = false) => {
  const base = z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
  return int ? base.int({ error: message }) : base;
};

/**
 * The settings row as an admin may write it (validated before use; /admin/settings, issue #12).
 * Messages are i18n keys (adminSettings.validation.*).
 */
export const moneyLimitsSchema = z.object({
  hoursFactor: bounded(1, 10, 'adminSettings.validation.hoursFactor'),
  hoursExtra: bounded(0, 24, 'adminSettings.validation.hoursExtra', true),
  hoursCap: bounded(1, 24, 'adminSettings.validation.hoursCap'),
  paintCostPerRoomCents: bounded(0, 1_000_000, 'adminSettings.validation.paintCostPerRoom', true),
  approvalAboveHoldCents: bounded(0, 1_000_000, 'adminSettings.validation.approvalAboveHold', true),
});

/**
 * The most hours a furniture job booked for `estimatedHours` may be charged for, rounded down
 * to a half hour: min(cap, max(estimate x factor, estimate + extra)).
 * @param estimatedHours the booked estimate, hours (1-8)
 */
export function maxActualHours(estimatedHours: number, limits: MoneyLimits = DEFAULT_MONEY_LIMITS): number {
  const ceiling = Math.min(limits.hoursCap, Math.max(estimatedHours * limits.hoursFactor, estimatedHours + limits.hoursExtra));
  return Math.floor(ceiling * 2) / 2;
}

/** The most paint at cost a painting job of `rooms` rooms may be charged for, cents. */
export function maxPaintCostCents(rooms: number, limits: MoneyLimits = DEFAULT_MONEY_LIMITS): number {
  return rooms * limits.paintCostPerRoomCents;
}

/**
 * Whether a final amount must wait for an admin's approval before it is charged: it exceeds the
 * amount held at booking by more than the limit.
 * @param finalTotalCents the job's final total, cents
 * @param heldCents what the booking authorized (the hold, or the booked total when the card was
 *   only saved), cents
 */
export function needsFinalApproval(finalTotalCents: number, heldCents: number, limits: MoneyLimits = DEFAULT_MONEY_LIMITS): boolean {
  return finalTotalCents - heldCents > limits.approvalAboveHoldCents;
}

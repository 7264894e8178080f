/**
 * The settings forms as the admin types them, and the values they send. Each form keeps the
 * API's field names (so a refusal's field path, e.g. `weeklyHours.1.closeMinute`, lands on the
 * field) but holds text the way people write it: dollars ("45.50"), a percentage ("7.5"), times of
 * day ("08:00"), ZIP codes in one box. Each field is read into the API's unit (cents, basis points,
 * minutes after Tampa midnight), then checked with the API's own schema
 * (src/domain/settings-contract.ts), so the form and the server refuse alike, in the same words.
 * Messages are i18n keys.
 */
import { z } from 'zod';
import {
  cancellationSettingSchema,
  completionLimitsSettingSchema,
  contactPromiseSettingSchema,
  hoursSettingSchema,
  jobRulesSettingSchema,
  serviceAreaSettingSchema,
  serviceSettingSchema,
  supportSettingSchema,
  taxSettingSchema,
  type CancellationSetting,
  type CompletionLimitsSetting,
  type ContactPromiseSetting,
  type HoursSetting,
  type JobRulesSetting,
  type ServiceAreaSetting,
  type ServiceSetting,
  type SupportSetting,
  type TaxSetting,
} from '@/domain/settings-contract';
import { centsToDollarsInput, dollarsToCents } from '@/web/lib/dollars';
import { formatPhoneForDisplay } from '@/web/lib/public-settings';

/** "12", " 7.5 " -> the number; anything else (empty too) is refused with `message`. */
const numberText = (message: string) =>
  z.string().transform((text, ctx) => {
    const trimmed = text.trim();
    const value = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });

/** "45.50", "$1,250" -> cents; a minus sign gets its own message. */
const dollarsText = (messages: { invalid: string; negative: string }) =>
  z.string().transform((text, ctx) => {
    const cents = dollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: /^\s*-/.test(text) ? messages.negative : messages.invalid });
      return z.NEVER;
    }
    return cents;
  });

/** "7.5" (percent, at most two decimals) -> 750 basis points. */
export function percentToBps(text: string): number | null {
  const match = /^\s*(\d+)(?:\.(\d{0,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 750 -> "7.5", 825 -> "8.25", 600 -> "6". */
export function bpsToPercentInput(bps: number): string {
  return String(bps / 100);
}

/** "08:30" -> 510. A closing time of "00:00" means midnight at the end of the day (1440). */
export function timeToMinutes(text: string, closing = false): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return closing && minutes === 0 ? 24 * 60 : minutes;
}

/** 510 -> "08:30"; 1440 -> "00:00" (what a time input can show for midnight). */
export function minutesToTime(minutes: number): string {
  const m = minutes % (24 * 60);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** "33602, 33606\n33609" -> ["33602", "33606", "33609"]. */
export function splitZips(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

const timeText = (closing: boolean) =>
  z.string().transform((text, ctx) => {
    const minutes = timeToMinutes(text, closing);
    if (minutes === null) {
      ctx.addIssue({ code: 'custom', message: 'adminSettings.validation.timeInvalid' });
      return z.NEVER;
    }
    return minutes;
  });

// ---- Each section: the form's fields, the value they send, and the form filled from a value ----

export const serviceForm = {
  schema: z
    .object({ unitPriceCents: dollarsText({ invalid: 'adminSettings.validation.priceInvalid', negative: 'adminSettings.validation.priceNegative' }), active: z.boolean() })
    .pipe(serviceSettingSchema),
  toForm: (value: ServiceSetting) => ({ unitPriceCents: centsToDollarsInput(value.unitPriceCents), active: value.active }),
};

export const taxForm = {
  schema: z
    .object({
      taxRateBps: z.string().transform((text, ctx) => {
        const bps = percentToBps(text);
        if (bps === null) {
          ctx.addIssue({ code: 'custom', message: 'adminSettings.validation.taxRate' });
          return z.NEVER;
        }
        return bps;
      }),
    })
    .pipe(taxSettingSchema),
  toForm: (value: TaxSetting) => ({ taxRateBps: bpsToPercentInput(value.taxRateBps) }),
};

export const serviceAreaForm = {
  schema: z.object({ zips: z.string().transform(splitZips) }).pipe(serviceAreaSettingSchema),
  toForm: (value: ServiceAreaSetting) => ({ zips: value.zips.join(', ') }),
};

const dayForm = z.object({ open: z.boolean(), openMinute: z.string(), closeMinute: z.string() });

export const hoursForm = {
  schema: z
    .object({
      // A closed day's times are kept in the form (unchecking and checking again restores them) but not sent.
      weeklyHours: z.array(
        dayForm.transform((day, ctx) => {
          if (!day.open) return null;
          const openMinute = timeToMinutes(day.openMinute);
          const closeMinute = timeToMinutes(day.closeMinute, true);
          if (openMinute === null) ctx.addIssue({ code: 'custom', message: 'adminSettings.validation.timeInvalid', path: ['openMinute'] });
          if (closeMinute === null) ctx.addIssue({ code: 'custom', message: 'adminSettings.validation.timeInvalid', path: ['closeMinute'] });
          return openMinute === null || closeMinute === null ? z.NEVER : { openMinute, closeMinute };
        }),
      ),
      stepMinutes: numberText('adminSettings.validation.stepMinutes'),
      leadMinutes: numberText('adminSettings.validation.leadMinutes'),
      bufferMinutes: numberText('adminSettings.validation.bufferMinutes'),
      daysAhead: numberText('adminSettings.validation.daysAhead'),
    })
    .pipe(hoursSettingSchema),
  toForm: (value: HoursSetting) => ({
    weeklyHours: value.weeklyHours.map((day) => ({ open: day !== null, openMinute: minutesToTime(day?.openMinute ?? 480), closeMinute: minutesToTime(day?.closeMinute ?? 1200) })),
    stepMinutes: String(value.stepMinutes),
    leadMinutes: String(value.leadMinutes),
    bufferMinutes: String(value.bufferMinutes),
    daysAhead: String(value.daysAhead),
  }),
};

export const cancellationForm = {
  schema: z
    .object({
      freeNoticeHours: numberText('adminSettings.validation.noticeHours'),
      feeNoticeHours: numberText('adminSettings.validation.noticeHours'),
      feePercent: numberText('adminSettings.validation.feePercent'),
      graceMinutes: numberText('adminSettings.validation.graceMinutes'),
      rescheduleNoticeHours: numberText('adminSettings.validation.noticeHours'),
      refundBusinessDays: z.object({ min: numberText('adminSettings.validation.refundDays'), max: numberText('adminSettings.validation.refundDays') }),
    })
    .pipe(cancellationSettingSchema),
  toForm: (value: CancellationSetting) => ({
    freeNoticeHours: String(value.freeNoticeHours),
    feeNoticeHours: String(value.feeNoticeHours),
    feePercent: String(value.feePercent),
    graceMinutes: String(value.graceMinutes),
    rescheduleNoticeHours: String(value.rescheduleNoticeHours),
    refundBusinessDays: { min: String(value.refundBusinessDays.min), max: String(value.refundBusinessDays.max) },
  }),
};

export const contactPromiseForm = {
  schema: z.object({ min: numberText('adminSettings.validation.contactMinutes'), max: numberText('adminSettings.validation.contactMinutes') }).pipe(contactPromiseSettingSchema),
  toForm: (value: ContactPromiseSetting) => ({ min: String(value.min), max: String(value.max) }),
};

export const supportForm = {
  schema: z.object({ phone: z.string(), email: z.string() }).pipe(supportSettingSchema),
  toForm: (value: SupportSetting) => ({ phone: formatPhoneForDisplay(value.phone), email: value.email }),
};

export const completionLimitsForm = {
  schema: z
    .object({
      hoursFactor: numberText('adminSettings.validation.hoursFactor'),
      hoursExtra: numberText('adminSettings.validation.hoursExtra'),
      hoursCap: numberText('adminSettings.validation.hoursCap'),
      paintCostPerRoomCents: dollarsText({ invalid: 'adminSettings.validation.paintCostPerRoom', negative: 'adminSettings.validation.paintCostPerRoom' }),
      approvalAboveHoldCents: dollarsText({ invalid: 'adminSettings.validation.approvalAboveHold', negative: 'adminSettings.validation.approvalAboveHold' }),
    })
    .pipe(completionLimitsSettingSchema),
  toForm: (value: CompletionLimitsSetting) => ({
    hoursFactor: String(value.hoursFactor),
    hoursExtra: String(value.hoursExtra),
    hoursCap: String(value.hoursCap),
    paintCostPerRoomCents: centsToDollarsInput(value.paintCostPerRoomCents),
    approvalAboveHoldCents: centsToDollarsInput(value.approvalAboveHoldCents),
  }),
};

/** The job rules (issue #14): whole minutes and a whole percent, checked with the API's schema (src/domain/job-rules.ts). */
export const jobRulesForm = {
  schema: z
    .object({
      startWindowMinutes: numberText('adminSettings.validation.startWindowMinutes'),
      minJobMinutes: numberText('adminSettings.validation.minJobMinutes'),
      arrivalWindowMinutes: numberText('adminSettings.validation.arrivalWindowMinutes'),
      workerSharePercent: numberText('adminSettings.validation.workerSharePercent'),
    })
    .pipe(jobRulesSettingSchema),
  toForm: (value: JobRulesSetting) => ({
    startWindowMinutes: String(value.startWindowMinutes),
    minJobMinutes: String(value.minJobMinutes),
    arrivalWindowMinutes: String(value.arrivalWindowMinutes),
    workerSharePercent: String(value.workerSharePercent),
  }),
};

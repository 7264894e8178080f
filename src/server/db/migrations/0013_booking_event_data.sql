ALTER TABLE "booking_events" ADD COLUMN "data" jsonb;--> statement-breakpoint
-- Issue #10: an event's facts are typed data (src/domain/booking-events.ts), no longer English
-- notes. The rows written before are read once here, from the exact notes the server used to
-- write, so that their facts show in each reader's language too; a note of any other shape stays
-- as it is (the timeline shows it as text). Only notes that were facts are cleared.
UPDATE "booking_events" SET "data" = jsonb_build_object('etaAt', "note"), "note" = NULL
WHERE "type" = 'eta_changed' AND "note" ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+Z$';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('etaAt', substring("note" from 5)), "note" = NULL
WHERE "type" = 'en_route' AND "note" ~ '^ETA \d{4}-\d{2}-\d{2}T[0-9:.]+Z$';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('from', split_part("note", ' -> ', 1), 'to', split_part("note", ' -> ', 2)), "note" = NULL
WHERE "type" = 'rescheduled' AND "note" ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+Z -> \d{4}-\d{2}-\d{2}T[0-9:.]+Z$';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object(
    'workerId', CASE WHEN "note" ~ ', ETA \d{4}-\d{2}-\d{2}T[0-9:.]+Z$' THEN substring("note" from '^worker (.+), ETA \d{4}-\d{2}-\d{2}T[0-9:.]+Z$') ELSE substring("note" from 8) END,
    'etaAt', substring("note" from ', ETA (\d{4}-\d{2}-\d{2}T[0-9:.]+Z)$')
  ), "note" = NULL
WHERE "type" = 'assigned' AND "note" ~ '^worker .+';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('minutesAfterBooking', substring("note" from '^(\d{1,9}) ')::int), "note" = NULL
WHERE "type" = 'contacted' AND "note" ~ '^\d{1,9} minutes after booking$';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('workerId', NULL, 'reason', 'worker_not_free'), "note" = NULL
WHERE "type" = 'unassigned' AND "note" = 'the worker is not free at the new time';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('reason', 'deferred_hold_grace_ended'), "note" = NULL
WHERE "type" = 'payment_failed' AND "note" = 'deferred hold failed and the grace period ended';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('reason', 'hold_deferred'), "note" = NULL
WHERE "type" = 'card_saved' AND "note" = 'hold deferred until about 24 hours before the job';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('reference', regexp_replace("note", '^deferred hold ', ''), 'deferred', "note" LIKE 'deferred hold %'), "note" = NULL
WHERE "type" = 'hold_placed' AND "note" IS NOT NULL AND "note" <> '';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('previousStatus', substring("note" from '^from ([a-z_]+)$')), "note" = NULL
WHERE "type" = 'completed_on_behalf' AND "note" ~ '^from [a-z_]+$';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('bookedTotalCents', substring("note" from '^booked (\d{1,9})$')::int, 'finalTotalCents', "amount_cents"), "note" = NULL
WHERE "type" = 'final_approval_requested' AND "amount_cents" IS NOT NULL AND "note" ~ '^booked \d{1,9}$';--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object(
    'operation', CASE substring("note" from '^([a-z-]+) ') WHEN 'no-show' THEN 'no_show' WHEN 'completion' THEN 'complete' ELSE 'cancel' END,
    'status', substring("note" from ' settled while ([a-z_]+)$')
  ), "note" = NULL
WHERE "type" = 'settle_conflict' AND "note" ~ '^(cancel|no-show|completion) settled while [a-z_]+$';--> statement-breakpoint
UPDATE "booking_events" AS e SET "data" = jsonb_build_object('tier', b."cancellation_tier", 'feeCents', coalesce(e."amount_cents", 0)),
  "note" = CASE WHEN e."note" = 'cancellation (' || b."cancellation_tier" || ')' THEN NULL ELSE e."note" END
FROM "bookings" AS b
WHERE e."booking_id" = b."id" AND e."type" = 'cancelled' AND b."cancellation_tier" IN ('grace', 'free', 'half', 'full', 'waived');--> statement-breakpoint
UPDATE "booking_events" SET "data" = jsonb_build_object('tier', 'no_show', 'feeCents', coalesce("amount_cents", 0))
WHERE "type" = 'no_show';

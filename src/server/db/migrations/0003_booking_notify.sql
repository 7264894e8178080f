-- Realtime (issue #4): every booking_events row announces itself on the channel
-- 'booking_events' with pg_notify. The payload (JSON text) is
-- { bookingId, type, status, customerId, workerId }, read from the booking as it stands when the
-- event is written; a booking's first event is written in the same transaction as the booking,
-- so the row is visible here. NOTIFY is delivered only after the transaction commits and never
-- from a rolled-back one. The payload stays far below the 8000-byte NOTIFY limit (ids and a
-- status only). PostgreSQL 11+ syntax (EXECUTE FUNCTION); runs on PostgreSQL 15 and PGlite.
CREATE OR REPLACE FUNCTION "notify_booking_event"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'booking_events',
    json_build_object(
      'bookingId', NEW.booking_id,
      'type', NEW.type,
      'status', (SELECT b.status FROM bookings b WHERE b.id = NEW.booking_id),
      'customerId', (SELECT b.customer_id FROM bookings b WHERE b.id = NEW.booking_id),
      'workerId', (SELECT b.worker_id FROM bookings b WHERE b.id = NEW.booking_id)
    )::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "booking_events_notify" ON "booking_events";
--> statement-breakpoint
CREATE TRIGGER "booking_events_notify" AFTER INSERT ON "booking_events"
FOR EACH ROW EXECUTE FUNCTION "notify_booking_event"();
--> statement-breakpoint
-- One message per (booking, template): the notifier claims a row with ON CONFLICT DO NOTHING, so
-- an event delivered twice (or to two server processes) sends its mail once. Mail without a
-- booking (booking_id NULL) never conflicts: NULLs are distinct in a unique index.
CREATE UNIQUE INDEX IF NOT EXISTS "mail_outbox_booking_template_key" ON "mail_outbox" ("booking_id", "template");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_created_idx" ON "mail_outbox" ("created_at");

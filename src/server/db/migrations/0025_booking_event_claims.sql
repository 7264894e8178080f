-- The notifier's claim (issue #16, docs/decisions/043-notifications-claimed-once.md): every server
-- process hears every booking event; the one whose UPDATE ... WHERE notified_at IS NULL wins renders
-- and sends the event's messages, the others stop there.
ALTER TABLE "booking_events" ADD COLUMN "notified_at" timestamp with time zone;
--> statement-breakpoint
-- The payload gains the event's id (the claim's key); the rest is unchanged from 0003.
CREATE OR REPLACE FUNCTION "notify_booking_event"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'booking_events',
    json_build_object(
      'eventId', NEW.id,
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

-- The booking_events notice carries where the booking starts (issue #16,
-- docs/decisions/059-booking-notice-carries-the-start.md): every server process keeps day plans
-- (capacity-caches.ts) and, on hearing a booking's event, drops the plan of the date it starts on.
-- Without the start in the notice each process read it back from the database, one statement per
-- event per process. The booking is now read once here (one lookup, not three sub-selects), as it
-- stands when the event is written; the rest of the payload is unchanged from 0025.
CREATE OR REPLACE FUNCTION "notify_booking_event"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_status "bookings"."status"%TYPE;
  v_customer_id "bookings"."customer_id"%TYPE;
  v_worker_id "bookings"."worker_id"%TYPE;
  v_scheduled_start "bookings"."scheduled_start"%TYPE;
BEGIN
  SELECT b.status, b.customer_id, b.worker_id, b.scheduled_start
    INTO v_status, v_customer_id, v_worker_id, v_scheduled_start
    FROM bookings b WHERE b.id = NEW.booking_id;
  PERFORM pg_notify(
    'booking_events',
    json_build_object(
      'eventId', NEW.id,
      'bookingId', NEW.booking_id,
      'type', NEW.type,
      'status', v_status,
      'customerId', v_customer_id,
      'workerId', v_worker_id,
      'scheduledStart', v_scheduled_start
    )::text
  );
  RETURN NULL;
END;
$$;

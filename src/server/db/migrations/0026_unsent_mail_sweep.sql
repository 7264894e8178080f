-- The sweep of booking mail nobody sent (issue #16, docs/decisions/051-unsent-booking-mail.md) reads
-- the last day's events every job interval: by their time, not the whole table.
CREATE INDEX "booking_events_created_idx" ON "booking_events" USING btree ("created_at");
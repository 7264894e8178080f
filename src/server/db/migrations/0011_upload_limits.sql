ALTER TABLE "uploads" ADD COLUMN "uploader_ip_hash" text;--> statement-breakpoint
CREATE INDEX "bookings_photo_upload_idx" ON "bookings" USING btree ("photo_upload_id");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_created_idx" ON "uploads" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_anonymous_owner_created_idx" ON "uploads" USING btree ("anonymous_owner_hash","created_at");--> statement-breakpoint
CREATE INDEX "uploads_ip_created_idx" ON "uploads" USING btree ("uploader_ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "worker_applications_upload_idx" ON "worker_applications" USING btree ("upload_id");
ALTER TABLE "simulated_payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "simulated_payment_methods" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
-- Cards tokenized before issue #14 stay saved unless their test behaviour always declines.
UPDATE "simulated_payment_methods" SET "attached_at" = "created_at" WHERE "behaviour" NOT IN ('decline', 'insufficient_funds');--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payment_methods_one_saved_per_fingerprint" ON "simulated_payment_methods" USING btree ("owner_user_id","fingerprint") WHERE "simulated_payment_methods"."attached_at" is not null and "simulated_payment_methods"."detached_at" is null;
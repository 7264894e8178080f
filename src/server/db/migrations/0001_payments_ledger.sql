CREATE TYPE "public"."ledger_kind" AS ENUM('hold_placed', 'hold_expired', 'captured', 'fee_captured', 'extra_charge', 'voided', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'card_saved' BEFORE 'authorized';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "gateway_customers" (
	"user_id" text NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_customers_user_id_gateway_pk" PRIMARY KEY("user_id","gateway")
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"gateway_reference" text,
	"actor_user_id" text,
	"actor_role" "app_role",
	"reason" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_reference" text NOT NULL,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"ours_cents" integer,
	"gateway_cents" integer,
	"detail" jsonb,
	"resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_operations" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "gateway_reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_line_items" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_tax_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_total_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_tier" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_method_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "extra_charge_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_extra_charged_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulated_holds" ADD COLUMN "capture_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulated_holds" ADD COLUMN "kind" text DEFAULT 'hold' NOT NULL;--> statement-breakpoint
ALTER TABLE "simulated_holds" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_ledger_booking_idx" ON "payment_ledger" USING btree ("booking_id","created_at");
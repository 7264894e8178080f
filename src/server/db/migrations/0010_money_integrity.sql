CREATE TABLE "money_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"steps" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"outcomes" jsonb,
	"error_code" text,
	"request_key" text,
	"actor_user_id" text,
	"actor_role" "app_role",
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "money_operations_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_requests" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"locked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_requests_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_approval_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "final_approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "money_operation_id" uuid;--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_operations_pending_idx" ON "money_operations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "money_operations_booking_idx" ON "money_operations" USING btree ("booking_id");
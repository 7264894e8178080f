CREATE TABLE "customer_payment_defaults" (
	"user_id" text PRIMARY KEY NOT NULL,
	"payment_method_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "simulated_payment_methods" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_payment_defaults" ADD CONSTRAINT "customer_payment_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
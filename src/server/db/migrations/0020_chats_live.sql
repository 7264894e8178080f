CREATE TABLE "chat_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body_en" text NOT NULL,
	"body_es" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_canned_replies_title_length" CHECK (char_length("chat_canned_replies"."title") between 1 and 80),
	CONSTRAINT "chat_canned_replies_body_length" CHECK (char_length("chat_canned_replies"."body_en") between 1 and 2000 and char_length("chat_canned_replies"."body_es") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "chat_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"response_seconds" integer NOT NULL,
	"first" boolean NOT NULL,
	"responder_id" text,
	CONSTRAINT "chat_responses_wait" UNIQUE("conversation_id","waiting_since")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_body_length";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "guest_token_hash" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_emailed_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "admin_alerted_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_responses" ADD CONSTRAINT "chat_responses_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_responses" ADD CONSTRAINT "chat_responses_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_responses_answered_idx" ON "chat_responses" USING btree ("answered_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_attachment_upload_id_uploads_id_fk" FOREIGN KEY ("attachment_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_attachment_idx" ON "chat_messages" USING btree ("attachment_upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_guest_token_idx" ON "conversations" USING btree ("guest_token_hash");--> statement-breakpoint
CREATE INDEX "conversations_guest_email_idx" ON "conversations" USING btree (lower("guest_email"));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_body_length" CHECK (char_length("chat_messages"."body") <= 2000 and (char_length("chat_messages"."body") >= 1 or "chat_messages"."attachment_upload_id" is not null));
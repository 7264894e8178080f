CREATE TYPE "public"."error_severity" AS ENUM('critical', 'error', 'warning', 'info');--> statement-breakpoint
CREATE TYPE "public"."error_source" AS ENUM('client', 'server');--> statement-breakpoint
CREATE TABLE "error_fingerprint_days" (
	"date" date NOT NULL,
	"fingerprint" text NOT NULL,
	"occurrences" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "error_fingerprint_days_date_fingerprint_pk" PRIMARY KEY("date","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"severity" "error_severity" DEFAULT 'error' NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"error_type" text NOT NULL,
	"error_message" text NOT NULL,
	"stack_trace" text,
	"file_path" text,
	"line_number" integer,
	"column_number" integer,
	"user_agent" text,
	"url" text,
	"context" jsonb,
	"user_id" text,
	"fingerprint" text NOT NULL,
	"source" "error_source" DEFAULT 'client' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"regression" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_metrics" (
	"date" date PRIMARY KEY NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"critical_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"unique_errors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_logs_timestamp_idx" ON "error_logs" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_fingerprint_idx" ON "error_logs" USING btree ("fingerprint","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_severity_idx" ON "error_logs" USING btree ("severity","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_open_fingerprint_idx" ON "error_logs" USING btree ("fingerprint") WHERE not "error_logs"."resolved";--> statement-breakpoint
-- The error log's SQL functions (issue #11; spec section 7: RPC log_error and resolve_error with
-- the spec's p_ parameters), and the trigger that keeps error_metrics: the database, not Node,
-- counts the entries. PL/pgSQL, PostgreSQL 11+ syntax; runs on PostgreSQL 15 and PGlite.
--
-- log_error stores one entry and returns its id. Beyond the spec's parameters (all optional):
--  p_fingerprint: the grouping key (src/domain/error-fingerprint.ts, computed by the API); a
--    direct SQL caller that passes none gets a coarser one: the type and the message with its
--    digits collapsed, hashed to 16 hexadecimal characters like the API's;
--  p_source: 'client' (a browser, the default) or 'server' (a 5xx, a failed background job);
--  p_timestamp: when it happened (the app's clock; default now()).
-- p_severity defaults to 'error' (spec section 8). A p_user_id that names no user is stored as
-- NULL (an account deleted meanwhile). regression: the fingerprint had entries, all resolved.
CREATE OR REPLACE FUNCTION "log_error"(
  p_user_id text,
  p_error_message text,
  p_error_type text,
  p_stack_trace text,
  p_file_path text,
  p_line_number integer,
  p_column_number integer,
  p_user_agent text,
  p_url text,
  p_severity text DEFAULT 'error',
  p_context jsonb DEFAULT NULL,
  p_fingerprint text DEFAULT NULL,
  p_source text DEFAULT 'client',
  p_timestamp timestamptz DEFAULT now()
) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_type text := coalesce(nullif(btrim(p_error_type), ''), 'Error');
  v_fingerprint text := coalesce(p_fingerprint, left(md5(v_type || '|' || regexp_replace(coalesce(p_error_message, ''), '[0-9]+', '<n>', 'g')), 16));
  v_id uuid;
BEGIN
  IF p_error_message IS NULL OR btrim(p_error_message) = '' THEN
    RAISE EXCEPTION 'log_error: p_error_message is required' USING ERRCODE = '22023';
  END IF;
  INSERT INTO "error_logs" (
    "severity", "timestamp", "error_type", "error_message", "stack_trace", "file_path", "line_number",
    "column_number", "user_agent", "url", "context", "user_id", "fingerprint", "source", "regression"
  ) VALUES (
    coalesce(p_severity, 'error')::"error_severity",
    coalesce(p_timestamp, now()),
    v_type,
    p_error_message,
    p_stack_trace,
    p_file_path,
    p_line_number,
    p_column_number,
    p_user_agent,
    p_url,
    p_context,
    (SELECT u."id" FROM "users" u WHERE u."id" = p_user_id),
    v_fingerprint,
    coalesce(p_source, 'client')::"error_source",
    EXISTS (SELECT 1 FROM "error_logs" e WHERE e."fingerprint" = v_fingerprint)
      AND NOT EXISTS (SELECT 1 FROM "error_logs" e WHERE e."fingerprint" = v_fingerprint AND NOT e."resolved")
  )
  RETURNING "id" INTO v_id;
  RETURN v_id;
END;
$$;
--> statement-breakpoint
-- resolve_error marks one entry resolved. Returns true when it was open and is resolved now,
-- false when it was resolved already (nothing changes, so the unresolved counter stays), NULL when
-- there is no such entry. Under concurrent calls exactly one gets true (the row lock of UPDATE).
CREATE OR REPLACE FUNCTION "resolve_error"(p_error_id uuid, p_resolved_by text DEFAULT NULL, p_resolved_at timestamptz DEFAULT now())
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer;
BEGIN
  UPDATE "error_logs"
  SET "resolved" = true, "resolved_at" = coalesce(p_resolved_at, now()), "resolved_by" = (SELECT u."id" FROM "users" u WHERE u."id" = p_resolved_by)
  WHERE "id" = p_error_id AND NOT "resolved";
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  IF v_changed = 0 AND NOT EXISTS (SELECT 1 FROM "error_logs" WHERE "id" = p_error_id) THEN
    RETURN NULL;
  END IF;
  RETURN v_changed > 0;
END;
$$;
--> statement-breakpoint
-- resolve_error_group resolves every open entry of a fingerprint. Returns how many it resolved
-- (0 when all were resolved already), NULL when no entry has that fingerprint.
CREATE OR REPLACE FUNCTION "resolve_error_group"(p_fingerprint text, p_resolved_by text DEFAULT NULL, p_resolved_at timestamptz DEFAULT now())
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer;
BEGIN
  UPDATE "error_logs"
  SET "resolved" = true, "resolved_at" = coalesce(p_resolved_at, now()), "resolved_by" = (SELECT u."id" FROM "users" u WHERE u."id" = p_resolved_by)
  WHERE "fingerprint" = p_fingerprint AND NOT "resolved";
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  IF v_changed = 0 AND NOT EXISTS (SELECT 1 FROM "error_logs" WHERE "fingerprint" = p_fingerprint) THEN
    RETURN NULL;
  END IF;
  RETURN v_changed;
END;
$$;
--> statement-breakpoint
-- After each inserted entry, on the Tampa (America/New_York) day of its timestamp:
--  error_fingerprint_days counts the fingerprint; its first row of the day makes the entry one of
--    that day's unique_errors (ON CONFLICT DO NOTHING: of two concurrent firsts, one inserts);
--  error_metrics adds one to error_count, and to critical_count / warning_count by severity;
--  pg_notify('error_logs', {id, severity, error_type, error_message}) for the live dashboard
--    (src/server/realtime/), sent after commit, never from a rolled-back transaction; the text is
--    cut so the payload stays under NOTIFY's 8000 bytes even with every character escaped.
-- Entries are never deleted by the app; the metrics are the history of what came in.
CREATE OR REPLACE FUNCTION "error_logs_after_insert"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (NEW."timestamp" AT TIME ZONE 'America/New_York')::date;
  v_first integer;
BEGIN
  INSERT INTO "error_fingerprint_days" ("date", "fingerprint", "occurrences") VALUES (v_day, NEW."fingerprint", 1)
  ON CONFLICT ("date", "fingerprint") DO NOTHING;
  GET DIAGNOSTICS v_first = ROW_COUNT;
  IF v_first = 0 THEN
    UPDATE "error_fingerprint_days" SET "occurrences" = "occurrences" + 1 WHERE "date" = v_day AND "fingerprint" = NEW."fingerprint";
  END IF;
  INSERT INTO "error_metrics" ("date", "error_count", "critical_count", "warning_count", "unique_errors")
  VALUES (v_day, 1, (NEW."severity" = 'critical')::integer, (NEW."severity" = 'warning')::integer, v_first)
  ON CONFLICT ("date") DO UPDATE SET
    "error_count" = "error_metrics"."error_count" + 1,
    "critical_count" = "error_metrics"."critical_count" + EXCLUDED."critical_count",
    "warning_count" = "error_metrics"."warning_count" + EXCLUDED."warning_count",
    "unique_errors" = "error_metrics"."unique_errors" + EXCLUDED."unique_errors";
  PERFORM pg_notify(
    'error_logs',
    json_build_object('id', NEW."id", 'severity', NEW."severity", 'error_type', left(NEW."error_type", 200), 'error_message', left(NEW."error_message", 1000))::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "error_logs_after_insert" AFTER INSERT ON "error_logs"
FOR EACH ROW EXECUTE FUNCTION "error_logs_after_insert"();

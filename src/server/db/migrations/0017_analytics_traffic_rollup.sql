CREATE TABLE "analytics_daily_visitors" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_page_view_days" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"language" text NOT NULL,
	"page_views" integer NOT NULL,
	CONSTRAINT "analytics_page_view_days_day_path_language_pk" PRIMARY KEY("day","path","language")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_days" (
	"day" date NOT NULL,
	"visitor_hash" bigint NOT NULL,
	CONSTRAINT "analytics_visitor_days_day_visitor_hash_pk" PRIMARY KEY("day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_last_seen" (
	"scope" text NOT NULL,
	"value" text NOT NULL,
	"visitor_hash" bigint NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "analytics_visitor_last_seen_scope_value_visitor_hash_pk" PRIMARY KEY("scope","value","visitor_hash")
);
--> statement-breakpoint
CREATE INDEX "analytics_visitor_last_seen_day_idx" ON "analytics_visitor_last_seen" USING btree ("last_day");--> statement-breakpoint
-- Issue #11: the traffic report's roll-ups (src/server/db/schema/analytics.ts), kept in the same
-- transaction as the page views that change them. One implementation serves the trigger and the
-- backfill below: page views given as parallel arrays of Tampa day, route, language and visitor
-- hash. Every upsert takes its rows in key order, so concurrent batches wait for each other
-- instead of deadlocking.
CREATE FUNCTION analytics_roll_up_page_views(p_days date[], p_paths text[], p_languages text[], p_visitors bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_page_view_days AS t (day, path, language, page_views)
  SELECT day, path, language, count(*)::int
  FROM unnest(p_days, p_paths, p_languages) AS v(day, path, language)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, path, language) DO UPDATE SET page_views = t.page_views + excluded.page_views;

  WITH fresh AS (
    INSERT INTO analytics_visitor_days (day, visitor_hash)
    SELECT DISTINCT day, visitor FROM unnest(p_days, p_visitors) AS v(day, visitor) ORDER BY 1, 2
    ON CONFLICT DO NOTHING
    RETURNING day
  )
  INSERT INTO analytics_daily_visitors AS t (day, visitors)
  SELECT day, count(*)::int FROM fresh GROUP BY day ORDER BY day
  ON CONFLICT (day) DO UPDATE SET visitors = t.visitors + excluded.visitors;

  INSERT INTO analytics_visitor_last_seen AS t (scope, value, visitor_hash, last_day)
  SELECT s.scope, s.value, v.visitor, max(v.day)
  FROM unnest(p_days, p_paths, p_languages, p_visitors) AS v(day, path, language, visitor)
  CROSS JOIN LATERAL (VALUES ('total', ''), ('language', v.language), ('path', v.path)) AS s(scope, value)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (scope, value, visitor_hash) DO UPDATE SET last_day = excluded.last_day WHERE t.last_day < excluded.last_day;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_events_rolled_up() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_roll_up_page_views(days, paths, languages, visitors)
  FROM (
    SELECT array_agg((occurred_at AT TIME ZONE 'America/New_York')::date) AS days,
           array_agg(coalesce(path, '')) AS paths,
           array_agg(coalesce(language, 'unknown')) AS languages,
           array_agg(hashtextextended(visitor_id, 0)) AS visitors
    FROM new_events
    WHERE category = 'navigation' AND action = 'page_view'
  ) views
  WHERE days IS NOT NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_events_roll_up AFTER INSERT ON analytics_events
REFERENCING NEW TABLE AS new_events
FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_rolled_up();
--> statement-breakpoint
SELECT analytics_roll_up_page_views(days, paths, languages, visitors)
FROM (
  SELECT array_agg((occurred_at AT TIME ZONE 'America/New_York')::date) AS days,
         array_agg(coalesce(path, '')) AS paths,
         array_agg(coalesce(language, 'unknown')) AS languages,
         array_agg(hashtextextended(visitor_id, 0)) AS visitors
  FROM analytics_events
  WHERE category = 'navigation' AND action = 'page_view'
) views
WHERE days IS NOT NULL;

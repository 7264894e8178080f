-- The capacity locks of a decision, then the jobs it decides on, in one statement (issue #16,
-- docs/decisions/054-capacity-locks-and-jobs-in-one-statement.md; the locks: capacity-lock.ts). The
-- jobs must include every decision the locks waited for, and READ COMMITTED takes a statement's
-- snapshot before it waits: the read is a statement of this VOLATILE function, which takes a fresh
-- snapshot for each of its statements, after the locks. The locks are taken in the keys' order.
-- The jobs are read as capacity.repository.ts jobsStartingJson reads them: one
-- [id, service, start ms, end ms, worker] per active job starting in [p_from, p_before).
CREATE OR REPLACE FUNCTION "capacity_locked_jobs"(p_lock_keys text[], p_from timestamptz, p_before timestamptz, p_statuses booking_status[]) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_key text;
  v_jobs json;
BEGIN
  FOREACH v_key IN ARRAY p_lock_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtext(v_key));
  END LOOP;
  SELECT coalesce(json_agg(json_build_array(b.id, b.service_slug, (extract(epoch FROM b.scheduled_start) * 1000)::bigint, (extract(epoch FROM b.scheduled_end) * 1000)::bigint, b.worker_id)), '[]'::json)
    INTO v_jobs
    FROM bookings b
   WHERE b.status = ANY (p_statuses) AND b.scheduled_start >= p_from AND b.scheduled_start < p_before;
  RETURN v_jobs;
END;
$$;

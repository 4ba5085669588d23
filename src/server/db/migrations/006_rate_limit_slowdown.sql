-- A limiter that slows down rather than refuses (http/rate-limiter.ts `slowdown`, used for guessing one account's
-- password from many addresses) spaces hits out from the previous one: it needs to know when that was.
ALTER TABLE rate_limit_counters ADD COLUMN last_hit_at timestamptz;

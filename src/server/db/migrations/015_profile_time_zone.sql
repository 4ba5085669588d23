-- The person's IANA time zone ("America/New_York"), sent by their browser at sign-up and whenever the signed-in
-- app starts somewhere else. The SOS text writes its times in it; NULL (not known yet) means UTC, stated.
ALTER TABLE profiles ADD COLUMN time_zone text;

-- A session opened by a password-recovery link may set a new password without the old one: once, until this
-- time (modules/auth/service.ts#updateUser). NULL for every other session, and once the password is set.
ALTER TABLE auth_sessions ADD COLUMN password_reset_until timestamptz;

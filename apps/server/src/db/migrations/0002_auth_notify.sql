-- Session caches (decision 6) hear of every change that can alter or end a cached session on the
-- 'pipewise_auth' channel: the user id whose sessions must be looked up again, or '*' for all
-- (a workspace's name or domain is part of every cached session of its people). NOTIFY is sent at
-- commit, whichever process or code path wrote. Inserts change no cached session.
CREATE FUNCTION "auth_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pipewise_auth', OLD.user_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "auth_notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pipewise_auth', OLD.id::text);
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM pg_notify('pipewise_auth', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "auth_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pipewise_auth', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notify" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "auth_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_notify" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "auth_notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "organizations_auth_notify" AFTER UPDATE OR DELETE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "auth_notify_all"();
--> statement-breakpoint
-- TRUNCATE fires no row triggers: it clears every cache.
CREATE TRIGGER "sessions_auth_notify_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_notify_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "organizations_auth_notify_truncate" AFTER TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_notify_all"();

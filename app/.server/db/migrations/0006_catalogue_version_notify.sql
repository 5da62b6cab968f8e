-- Hand-written (drizzle-kit generate --custom). The version bump also notifies, at commit, the
-- listeners of channel catalogue_version: on PGlite (one process owns the database) the shop
-- listens instead of asking for the version on every catalogue read (catalogue-snapshot.ts).
-- On PostgreSQL nobody listens and the notification costs nothing; instances keep asking.
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('catalogue_version', '');
  RETURN NULL;
END;
$$;

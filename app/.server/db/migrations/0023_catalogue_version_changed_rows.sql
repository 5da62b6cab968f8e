-- Hand-written (drizzle-kit generate --custom), issue 32: an UPDATE of product_variants that
-- changes no row bumps catalogue_version no more. Checkout's guarded stock decrement
-- (`stock_qty >= 1`) changes nothing for a buyer who came too late, yet the statement trigger of
-- 0005 bumped the version all the same: every such loser took the version row's lock and held it
-- until its rollback, so the last-units race queued all its buyers on that one row. Inserts,
-- deletes and truncates bump as before; an UPDATE bumps when its transition table has a row.
CREATE OR REPLACE FUNCTION "catalogue_version_bump_if_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_rows") THEN
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
    PERFORM pg_notify('catalogue_version', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "product_variants_catalogue_version" ON "product_variants";
--> statement-breakpoint
CREATE TRIGGER "product_variants_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_catalogue_version_update" AFTER UPDATE ON "product_variants" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump_if_changed"();

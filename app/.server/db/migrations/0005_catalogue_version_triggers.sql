-- Hand-written (drizzle-kit generate --custom): drizzle-kit does not model triggers.
-- Every statement that writes a table the catalogue pages read bumps catalogue_version in the
-- same transaction, whoever makes it (the shop, another instance, a back office in SQL), so the
-- in-memory snapshots (app/.server/services/catalogue-snapshot.ts) notice on their next read.
-- Statement-level: one bump per statement, however many rows it touches.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "membership_codes_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "membership_codes" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "sizes_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sizes" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "promos_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promos" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "customizations_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customizations" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();

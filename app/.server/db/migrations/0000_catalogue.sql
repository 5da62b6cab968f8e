CREATE TABLE "customizations" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"rule_label" jsonb NOT NULL,
	"type" text NOT NULL,
	"min_length" integer DEFAULT 0 NOT NULL,
	"max_length" integer DEFAULT 5 NOT NULL,
	CONSTRAINT "customizations_lengths" CHECK (0 <= "customizations"."min_length" and "customizations"."min_length" <= "customizations"."max_length")
);
--> statement-breakpoint
CREATE TABLE "membership_codes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"priority" integer NOT NULL,
	"section" text NOT NULL,
	"season" text NOT NULL,
	CONSTRAINT "membership_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "membership_codes_section" CHECK ("membership_codes"."section" in ('premium', 'default', 'junior'))
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"variant_size" integer NOT NULL,
	"stock_qty" integer NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" jsonb NOT NULL,
	"price_cents" integer,
	"tags" text[] NOT NULL,
	"virtual" boolean NOT NULL,
	"availability" text NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"membership_code_id" integer NOT NULL,
	"min_holder_age" integer,
	"max_holder_age" integer,
	"upgrade_to" text,
	"special_of" text,
	"size_type" text,
	"available_in_countries" text[],
	"not_available_in_countries" text[],
	"alternative_product_id" text,
	"image_url" text NOT NULL,
	"cms" jsonb NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."price_cents" is null or "products"."price_cents" >= 0),
	CONSTRAINT "products_holder_ages" CHECK ("products"."min_holder_age" is null or "products"."max_holder_age" is null or "products"."min_holder_age" <= "products"."max_holder_age"),
	CONSTRAINT "products_one_country_rule" CHECK ("products"."available_in_countries" is null or "products"."not_available_in_countries" is null)
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "promos_window" CHECK ("promos"."starts_at" < "promos"."ends_at"),
	CONSTRAINT "promos_price_not_negative" CHECK ("promos"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "restricted_countries" (
	"country_code" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"size_type" text NOT NULL,
	"value" integer NOT NULL,
	"label" text NOT NULL,
	"it_label" text NOT NULL,
	"uk_label" text NOT NULL,
	CONSTRAINT "sizes_size_type_value_pk" PRIMARY KEY("size_type","value")
);
--> statement-breakpoint
ALTER TABLE "customizations" ADD CONSTRAINT "customizations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_membership_code_id_membership_codes_id_fk" FOREIGN KEY ("membership_code_id") REFERENCES "public"."membership_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customizations_product" ON "customizations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_variants_product" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "promos_product" ON "promos" USING btree ("product_id");
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_shape" CHECK ("coupons"."code" ~ '^[A-Z0-9]{10}$'),
	CONSTRAINT "coupons_redeemer_only_when_redeemed" CHECK ("coupons"."redeemed_by" is null or "coupons"."redeemed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_redeemed_by_customers_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_created_at" ON "coupons" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coupons_redeemed_by" ON "coupons" USING btree ("redeemed_by");
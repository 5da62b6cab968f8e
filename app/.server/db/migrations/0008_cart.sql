CREATE TABLE "cart_item_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_item_id" uuid NOT NULL,
	"side" text NOT NULL,
	"storage_id" text NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_item_documents_storage_id_unique" UNIQUE("storage_id"),
	CONSTRAINT "cart_item_documents_side" UNIQUE("cart_item_id","side"),
	CONSTRAINT "cart_item_documents_side_value" CHECK ("cart_item_documents"."side" in ('FRONT', 'BACK')),
	CONSTRAINT "cart_item_documents_size" CHECK ("cart_item_documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"process" text NOT NULL,
	"buy_for" text,
	"holder" jsonb,
	"coupon_code" text,
	"automatic_renewal" boolean DEFAULT false NOT NULL,
	"variant_id" text,
	"customization" text,
	"document_type" text,
	"gift" jsonb,
	"unit_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_process" CHECK ("cart_items"."process" in ('buy', 'gift', 'coupon')),
	CONSTRAINT "cart_items_buy_for" CHECK ("cart_items"."buy_for" is null or "cart_items"."buy_for" in ('BUY_CARD', 'BUY_ON_BEHALF')),
	CONSTRAINT "cart_items_document_type" CHECK ("cart_items"."document_type" is null or "cart_items"."document_type" in ('PASSPORT', 'IDENTITY')),
	CONSTRAINT "cart_items_price_not_negative" CHECK ("cart_items"."unit_price_cents" >= 0),
	CONSTRAINT "cart_items_coupon_process_has_code" CHECK ("cart_items"."process" <> 'coupon' or "cart_items"."coupon_code" is not null),
	CONSTRAINT "cart_items_coupon_is_free" CHECK ("cart_items"."coupon_code" is null or "cart_items"."unit_price_cents" = 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
ALTER TABLE "cart_item_documents" ADD CONSTRAINT "cart_item_documents_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_cart" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_coupon_code" ON "cart_items" USING btree ("coupon_code");
CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"recipient" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "gifts_membership_id_unique" UNIQUE("membership_id"),
	CONSTRAINT "gifts_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"type" text NOT NULL,
	"season" text,
	"status" text NOT NULL,
	"holder" jsonb,
	"holder_customer_id" uuid,
	"manager_customer_id" uuid,
	"gifter_customer_id" uuid,
	"automatic_renewal" boolean NOT NULL,
	"preferred_variant_size" integer,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "memberships_code_unique" UNIQUE("code"),
	CONSTRAINT "memberships_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "memberships_status" CHECK ("memberships"."status" in ('ready', 'active', 'expired', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "order_item_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"side" text NOT NULL,
	"storage_id" text NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	CONSTRAINT "order_item_documents_storage_id_unique" UNIQUE("storage_id"),
	CONSTRAINT "order_item_documents_side" UNIQUE("order_item_id","side")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" jsonb NOT NULL,
	"tags" text[] NOT NULL,
	"kind" text NOT NULL,
	"membership_code" text,
	"season" text,
	"process" text NOT NULL,
	"buy_for" text,
	"holder" jsonb,
	"coupon_code" text,
	"automatic_renewal" boolean NOT NULL,
	"variant_id" text,
	"variant_size" integer,
	"customization" text,
	"document_type" text,
	"gift" jsonb,
	"unit_price_cents" integer NOT NULL,
	"shipping_address" jsonb,
	"withdrawal_waived_at" timestamp with time zone,
	CONSTRAINT "order_items_position" UNIQUE("order_id","position"),
	CONSTRAINT "order_items_price_not_negative" CHECK ("order_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('order_numbers') NOT NULL,
	"customer_id" uuid NOT NULL,
	"checkout_key" text NOT NULL,
	"status" text NOT NULL,
	"language" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"voucher_code" text,
	"voucher_discount_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"buyer" jsonb NOT NULL,
	"billing_address" jsonb,
	"invoicing" jsonb,
	"accepted_terms" jsonb NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"pay_by" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_checkout_key" UNIQUE("customer_id","checkout_key"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'fulfilled', 'cancelled', 'expired')),
	CONSTRAINT "orders_totals" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."voucher_discount_cents" between 0 and "orders"."subtotal_cents" and "orders"."shipping_cents" >= 0 and "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."voucher_discount_cents" + "orders"."shipping_cents"),
	CONSTRAINT "orders_billed_when_paying" CHECK ("orders"."total_cents" = 0 or "orders"."billing_address" is not null)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "billing_address_id" uuid;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_holder_customer_id_customers_id_fk" FOREIGN KEY ("holder_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_manager_customer_id_customers_id_fk" FOREIGN KEY ("manager_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_gifter_customer_id_customers_id_fk" FOREIGN KEY ("gifter_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_documents" ADD CONSTRAINT "order_item_documents_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_manager" ON "memberships" USING btree ("manager_customer_id");--> statement-breakpoint
CREATE INDEX "memberships_holder" ON "memberships" USING btree ("holder_customer_id");--> statement-breakpoint
CREATE INDEX "memberships_gifter" ON "memberships" USING btree ("gifter_customer_id");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid" ON "orders" USING btree ("pay_by") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"discount_type" text NOT NULL,
	"amount" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_shape" CHECK ("vouchers"."code" ~ '^[A-Z0-9-]{1,30}$'),
	CONSTRAINT "vouchers_discount_type" CHECK ("vouchers"."discount_type" in ('percentage', 'amount')),
	CONSTRAINT "vouchers_amount" CHECK (("vouchers"."discount_type" = 'percentage' and "vouchers"."amount" between 1 and 100) or ("vouchers"."discount_type" = 'amount' and "vouchers"."amount" > 0)),
	CONSTRAINT "vouchers_window" CHECK ("vouchers"."valid_from" is null or "vouchers"."valid_until" is null or "vouchers"."valid_from" < "vouchers"."valid_until"),
	CONSTRAINT "vouchers_usage" CHECK ("vouchers"."times_used" >= 0 and ("vouchers"."usage_limit" is null or "vouchers"."usage_limit" > 0))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "shipping_address_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "temporary_address" jsonb;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "withdrawal_waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_shipping_address_id_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_voucher_code_vouchers_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."vouchers"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_submission" ON "cart_items" USING btree ("cart_id","submission_key");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_one_destination" CHECK ("cart_items"."shipping_address_id" is null or "cart_items"."temporary_address" is null);--> statement-breakpoint
-- J1897 comes with a welcome pack sent home (issue 12): the seed makes new databases so, this makes existing ones.
UPDATE "products" SET "virtual" = false WHERE "id" = 'j1897';

CREATE TABLE "withdrawal_items" (
	"withdrawal_id" uuid NOT NULL,
	"order_item_id" uuid PRIMARY KEY NOT NULL,
	"refund_cents" integer NOT NULL,
	"coupon_code" text,
	CONSTRAINT "withdrawal_items_refund" CHECK ("withdrawal_items"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"number" integer NOT NULL,
	"reference" text NOT NULL,
	"language" text NOT NULL,
	"refund_cents" integer NOT NULL,
	"shipping_refund_cents" integer NOT NULL,
	"payment_psp_reference" text,
	"refund_psp_reference" text,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "withdrawals_reference_unique" UNIQUE("reference"),
	CONSTRAINT "withdrawals_refund_psp_reference_unique" UNIQUE("refund_psp_reference"),
	CONSTRAINT "withdrawals_request_key" UNIQUE("customer_id","request_key"),
	CONSTRAINT "withdrawals_number" UNIQUE("order_id","number"),
	CONSTRAINT "withdrawals_state" CHECK ("withdrawals"."state" in ('requested', 'refunded', 'failed', 'completed')),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."refund_cents" >= 0 and "withdrawals"."shipping_refund_cents" between 0 and "withdrawals"."refund_cents")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_items" ADD CONSTRAINT "withdrawal_items_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_items" ADD CONSTRAINT "withdrawal_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_items_withdrawal" ON "withdrawal_items" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "withdrawals_order" ON "withdrawals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawals_due" ON "withdrawals" USING btree ("next_attempt_at") WHERE "withdrawals"."next_attempt_at" is not null;
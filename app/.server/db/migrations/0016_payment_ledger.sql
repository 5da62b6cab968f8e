CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"psp_reference" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_notes_once" UNIQUE("order_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_returns" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"payment_id" uuid,
	"claimed_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"merchant_reference" text NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "payment_reversals_reason" CHECK ("payment_reversals"."reason" in ('duplicate', 'order-closed', 'mismatch'))
);
--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_once";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_by_psp_reference" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "source" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "payment_psp_reference" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount_value" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "merchant_account" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "answer" jsonb;--> statement-breakpoint
-- Written by hand (issue 29): the ledger's columns for the events already stored, the payer of
-- orders already paid, and the reversals already asked for, from the attempts' rows.
UPDATE "payment_events" SET
	"payment_psp_reference" = CASE WHEN "event_code" IN ('AUTHORISATION', 'OFFER_CLOSED') OR "original_reference" IS NULL THEN "psp_reference" ELSE "original_reference" END,
	"amount_value" = CASE WHEN jsonb_typeof("item"->'amount'->'value') = 'number' THEN ("item"->'amount'->>'value')::integer END,
	"currency" = "item"->'amount'->>'currency',
	"merchant_account" = "item"->>'merchantAccountCode',
	"reason" = NULLIF("item"->>'reason', ''),
	"reason_code" = "item"->'additionalData'->>'refusalReasonCode',
	"order_id" = (SELECT "payments"."order_id" FROM "payments" WHERE "payments"."reference" = "payment_events"."merchant_reference");--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "payment_psp_reference" SET NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "paid_by_psp_reference" = (
	SELECT "payments"."psp_reference" FROM "payments"
	WHERE "payments"."order_id" = "orders"."id" AND "payments"."status" = 'authorised' AND "payments"."cancel_state" IS NULL AND "payments"."psp_reference" IS NOT NULL
	ORDER BY "payments"."attempt" LIMIT 1
) WHERE "orders"."status" IN ('paid', 'fulfilled');--> statement-breakpoint
INSERT INTO "payment_reversals" ("psp_reference", "order_id", "merchant_reference", "reason", "requested_at", "sent_at", "next_attempt_at")
	SELECT "psp_reference", "order_id", "reference", 'order-closed', "updated_at",
		CASE WHEN "cancel_state" = 'requested' AND "next_check_at" IS NOT NULL THEN NULL ELSE "updated_at" END,
		CASE WHEN "cancel_state" = 'requested' AND "next_check_at" IS NOT NULL THEN "next_check_at" END
	FROM "payments" WHERE "cancel_state" IS NOT NULL AND "psp_reference" IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order" ON "order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_reversals_due" ON "payment_reversals" USING btree ("next_attempt_at") WHERE "payment_reversals"."next_attempt_at" is not null;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_order" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment" ON "payment_events" USING btree ("payment_psp_reference");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_once" UNIQUE("psp_reference","event_code","success","source");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_source" CHECK ("payment_events"."source" in ('webhook', 'api'));
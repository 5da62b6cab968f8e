CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psp_reference" text NOT NULL,
	"event_code" text NOT NULL,
	"success" boolean NOT NULL,
	"merchant_reference" text NOT NULL,
	"original_reference" text,
	"item" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_events_once" UNIQUE("psp_reference","event_code","success")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"reference" text NOT NULL,
	"flow" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"session_id" text,
	"session_url" text,
	"session_result" text,
	"psp_reference" text,
	"refusal_reason" text,
	"refusal_reason_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"cancel_state" text,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_attempt" UNIQUE("order_id","attempt"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_unprocessed" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "payments_to_check" ON "payments" USING btree ("next_check_at") WHERE "payments"."next_check_at" is not null;
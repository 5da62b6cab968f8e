CREATE TABLE "psp_sim_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_sim_modifications" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_account" text NOT NULL,
	"payment_psp_reference" text,
	"payment_reference" text,
	"reference" text,
	"amount_value" integer,
	"currency" text,
	"success" boolean NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_sim_payments" (
	"psp_reference" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"session_id" text,
	"channel" text NOT NULL,
	"method" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text,
	"card_number" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"holder_name" text,
	"amount_value" integer NOT NULL,
	"currency" text NOT NULL,
	"result_code" text NOT NULL,
	"refusal_reason" text,
	"refusal_reason_code" text,
	"shopper_reference" text,
	"stored_method_id" text,
	"store_on_authorisation" boolean DEFAULT false NOT NULL,
	"return_url" text,
	"capture_delay_hours" integer,
	"pending_outcome" jsonb,
	"action_token" text,
	"redirect_result" text,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "psp_sim_payments_action_token_unique" UNIQUE("action_token"),
	CONSTRAINT "psp_sim_payments_redirect_result_unique" UNIQUE("redirect_result")
);
--> statement-breakpoint
CREATE TABLE "psp_sim_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"reference" text NOT NULL,
	"amount_value" integer NOT NULL,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"mode" text NOT NULL,
	"shopper_reference" text,
	"shopper_locale" text,
	"shopper_email" text,
	"country_code" text,
	"allowed_payment_methods" jsonb,
	"store_payment_method_mode" text NOT NULL,
	"recurring_processing_model" text,
	"shopper_interaction" text,
	"capture_delay_hours" integer,
	"session_data" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"refused_attempts" integer DEFAULT 0 NOT NULL,
	"result_token" text,
	"result_status" text,
	CONSTRAINT "psp_sim_sessions_amount_positive" CHECK ("psp_sim_sessions"."amount_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "psp_sim_stored_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_account" text NOT NULL,
	"shopper_reference" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"holder_name" text NOT NULL,
	"card_number" text NOT NULL,
	"first_psp_reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "psp_sim_stored_methods_card" UNIQUE("merchant_account","shopper_reference","card_number","expiry_month","expiry_year")
);
--> statement-breakpoint
CREATE TABLE "psp_sim_webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "psp_sim_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item" jsonb NOT NULL,
	"event_code" text NOT NULL,
	"psp_reference" text NOT NULL,
	"payment_psp_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "psp_sim_payments" ADD CONSTRAINT "psp_sim_payments_session_id_psp_sim_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."psp_sim_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "psp_sim_payments_reference" ON "psp_sim_payments" USING btree ("merchant_reference");--> statement-breakpoint
CREATE INDEX "psp_sim_payments_created" ON "psp_sim_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "psp_sim_stored_methods_shopper" ON "psp_sim_stored_methods" USING btree ("merchant_account","shopper_reference");--> statement-breakpoint
CREATE INDEX "psp_sim_webhooks_due" ON "psp_sim_webhooks" USING btree ("next_attempt_at") WHERE "psp_sim_webhooks"."delivered_at" is null and "psp_sim_webhooks"."gave_up_at" is null;--> statement-breakpoint
CREATE INDEX "psp_sim_webhooks_payment" ON "psp_sim_webhooks" USING btree ("payment_psp_reference");
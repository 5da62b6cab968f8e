CREATE TABLE "shop_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"id_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_sessions" ADD CONSTRAINT "shop_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_sessions_customer_id" ON "shop_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "shop_sessions_last_seen_at" ON "shop_sessions" USING btree ("last_seen_at");
-- Issue 33: the identity documents move from $DATA_DIR/uploads into this table. The foreign keys are
-- NOT VALID (edited by hand): rows written before hold ids whose bytes are still files until the
-- shop's start imports them (uploads/import-files.ts); every row written from now on is checked.
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_item_documents" ADD CONSTRAINT "cart_item_documents_storage_id_documents_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "order_item_documents" ADD CONSTRAINT "order_item_documents_storage_id_documents_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action NOT VALID;
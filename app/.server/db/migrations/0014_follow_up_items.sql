ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_process";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "previous_membership_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "upgrade_of" uuid;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "renewal_of" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "previous_membership_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_previous_membership_id_memberships_id_fk" FOREIGN KEY ("previous_membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_upgrade_of_memberships_id_fk" FOREIGN KEY ("upgrade_of") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_renewal_of_memberships_id_fk" FOREIGN KEY ("renewal_of") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_upgrade" ON "cart_items" USING btree ("cart_id") WHERE "cart_items"."process" = 'upgrade';--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_previous_membership" ON "cart_items" USING btree ("cart_id","previous_membership_id");--> statement-breakpoint
CREATE INDEX "order_items_previous_membership" ON "order_items" USING btree ("previous_membership_id") WHERE "order_items"."previous_membership_id" is not null;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_upgrade_of_unique" UNIQUE("upgrade_of");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_renewal_of_unique" UNIQUE("renewal_of");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_follow_up" CHECK (("cart_items"."process" in ('upgrade', 'renewal')) = ("cart_items"."previous_membership_id" is not null));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_credit" CHECK ("cart_items"."credit_cents" >= 0 and ("cart_items"."credit_cents" = 0 or "cart_items"."process" = 'upgrade'));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_process" CHECK ("cart_items"."process" in ('buy', 'gift', 'coupon', 'upgrade', 'renewal'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_credit_not_negative" CHECK ("order_items"."credit_cents" >= 0);
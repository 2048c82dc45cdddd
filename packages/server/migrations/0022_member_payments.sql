CREATE TABLE "member_payment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_level_access_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"payer_user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"payment_method_id" text NOT NULL,
	"vendor_payment_id" text,
	"failure_message" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"receipt_email" text,
	"receipt_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requirement_definitions" ADD COLUMN "member_price" integer;--> statement-breakpoint
ALTER TABLE "requirement_definitions" ADD COLUMN "payer" text DEFAULT 'organization' NOT NULL;--> statement-breakpoint
ALTER TABLE "requirement_definitions" ADD COLUMN "member_price_currency" char(3) DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_payment_items" ADD CONSTRAINT "member_payment_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payment_items" ADD CONSTRAINT "member_payment_items_payment_id_member_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."member_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payment_items" ADD CONSTRAINT "member_payment_items_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payment_items" ADD CONSTRAINT "member_payment_items_definition_id_requirement_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."requirement_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_payment_items_live_idx" ON "member_payment_items" USING btree ("member_requirement_id") WHERE "member_payment_items"."state" in ('pending', 'paid');--> statement-breakpoint
CREATE INDEX "member_payment_items_payment_idx" ON "member_payment_items" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_payments_vendor_payment_idx" ON "member_payments" USING btree ("vendor_payment_id");--> statement-breakpoint
CREATE INDEX "member_payments_pla_idx" ON "member_payments" USING btree ("organization_id","profile_level_access_id","created_at");--> statement-breakpoint
CREATE INDEX "member_payments_pending_idx" ON "member_payments" USING btree ("status","updated_at");
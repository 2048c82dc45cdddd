CREATE TABLE "background_check_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"agency_id" text NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_orders" ADD COLUMN "member_requirement_id" uuid;--> statement-breakpoint
ALTER TABLE "screening_orders" ADD COLUMN "report_url" text;--> statement-breakpoint
ALTER TABLE "background_check_clients" ADD CONSTRAINT "background_check_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "background_check_clients_org_client_idx" ON "background_check_clients" USING btree ("organization_id","agency_id","client_id");--> statement-breakpoint
ALTER TABLE "screening_orders" ADD CONSTRAINT "screening_orders_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_orders_requirement_idx" ON "screening_orders" USING btree ("member_requirement_id","created_at");--> statement-breakpoint
CREATE INDEX "screening_orders_open_idx" ON "screening_orders" USING btree ("status","vendor_checked_at");
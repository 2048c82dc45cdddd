CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"product_name" text NOT NULL,
	"month_unit_amount" integer NOT NULL,
	"year_unit_amount" integer NOT NULL,
	"currency" char(3) DEFAULT 'usd' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profile_contact_informations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"email" "citext",
	"address" text,
	"city" text,
	"phone" text,
	"state_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_emergency_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" "citext",
	"relationship" text NOT NULL,
	"phone" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"profile_level_access_id" uuid NOT NULL,
	"email" "citext" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"next_reminder_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "plan_product_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "plan_month_unit_amount" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "plan_year_unit_amount" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "role_requirements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_level_accesses" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "profile_level_accesses" ADD COLUMN "archived_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ussf_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "citizenship" jsonb;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_contact_informations" ADD CONSTRAINT "profile_contact_informations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_contact_informations" ADD CONSTRAINT "profile_contact_informations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_emergency_contacts" ADD CONSTRAINT "profile_emergency_contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_emergency_contacts" ADD CONSTRAINT "profile_emergency_contacts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_plans_org_idx" ON "payment_plans" USING btree ("organization_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_contact_informations_org_profile_uq" ON "profile_contact_informations" USING btree ("organization_id","profile_id");--> statement-breakpoint
CREATE INDEX "profile_emergency_contacts_org_profile_idx" ON "profile_emergency_contacts" USING btree ("organization_id","profile_id");--> statement-breakpoint
CREATE INDEX "stored_files_org_purpose_idx" ON "stored_files" USING btree ("organization_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_org_profile_idx" ON "invitations" USING btree ("organization_id","profile_id");--> statement-breakpoint
CREATE INDEX "invitations_due_idx" ON "invitations" USING btree ("next_reminder_at") WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "plas_org_external_idx" ON "profile_level_accesses" USING btree ("organization_id","external_id");--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_role_check" CHECK ("role" IS NULL OR "role" IN ('Admin', 'Account Manager', 'Director', 'Manager'));--> statement-breakpoint
INSERT INTO "payment_plans" ("product_name", "month_unit_amount", "year_unit_amount", "is_default", "sort_order") VALUES ('Basic', 4900, 46800, true, 0), ('Plus', 9900, 94800, false, 1), ('Premier', 19900, 190800, false, 2);

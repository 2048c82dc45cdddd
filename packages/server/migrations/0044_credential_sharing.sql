CREATE TABLE "credential_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"requirement_type" smallint NOT NULL,
	"target_organization_id" uuid NOT NULL,
	"target_profile_id" uuid NOT NULL,
	"summary" jsonb NOT NULL,
	"consented_by_user_id" uuid NOT NULL,
	"consented_by_profile_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"requirement_type" smallint NOT NULL,
	"source_organization_name" text NOT NULL,
	"summary" jsonb NOT NULL,
	"completed_on" date NOT NULL,
	"valid_until" date,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_acceptance_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"accepts_shared" boolean DEFAULT false NOT NULL,
	"max_age_days" integer,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credential_shares" ADD CONSTRAINT "credential_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_shares" ADD CONSTRAINT "credential_shares_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_shares" ADD CONSTRAINT "credential_shares_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_shares" ADD CONSTRAINT "credential_shares_target_organization_id_organizations_id_fk" FOREIGN KEY ("target_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_shares" ADD CONSTRAINT "credential_shares_target_profile_id_profiles_id_fk" FOREIGN KEY ("target_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD CONSTRAINT "received_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD CONSTRAINT "received_credentials_share_id_credential_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."credential_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD CONSTRAINT "received_credentials_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_acceptance_policies" ADD CONSTRAINT "credential_acceptance_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_acceptance_policies" ADD CONSTRAINT "credential_acceptance_policies_definition_id_requirement_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."requirement_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_shares_org_profile_idx" ON "credential_shares" USING btree ("organization_id","profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_shares_live_uq" ON "credential_shares" USING btree ("organization_id","member_requirement_id","target_profile_id") WHERE "credential_shares"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "received_credentials_share_uq" ON "received_credentials" USING btree ("organization_id","share_id");--> statement-breakpoint
CREATE INDEX "received_credentials_org_profile_idx" ON "received_credentials" USING btree ("organization_id","profile_id","requirement_type") WHERE "received_credentials"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_acceptance_policies_org_definition_uq" ON "credential_acceptance_policies" USING btree ("organization_id","definition_id");

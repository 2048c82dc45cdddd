CREATE TABLE "partner_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider_type" text NOT NULL,
	"site_id" text NOT NULL,
	"credentials_sealed" text NOT NULL,
	"connected_as" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"cursor" jsonb,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_program_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"program_id" text NOT NULL,
	"hierarchy_level_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"role_labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"registration_id" text NOT NULL,
	"member_id" text NOT NULL,
	"program_id" text NOT NULL,
	"program_name" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"partner_updated_at" bigint NOT NULL,
	"profile_level_access_id" uuid,
	"prefill" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_connections" ADD CONSTRAINT "partner_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_program_mappings" ADD CONSTRAINT "partner_program_mappings_connection_id_partner_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."partner_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_program_mappings" ADD CONSTRAINT "partner_program_mappings_hierarchy_level_id_hierarchy_levels_id_fk" FOREIGN KEY ("hierarchy_level_id") REFERENCES "public"."hierarchy_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_program_mappings" ADD CONSTRAINT "partner_program_mappings_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_registrations" ADD CONSTRAINT "partner_registrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_registrations" ADD CONSTRAINT "partner_registrations_connection_id_partner_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."partner_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_registrations" ADD CONSTRAINT "partner_registrations_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_connections_org_provider_uq" ON "partner_connections" USING btree ("organization_id","provider_type");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_program_mappings_uq" ON "partner_program_mappings" USING btree ("connection_id","program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_registrations_uq" ON "partner_registrations" USING btree ("connection_id","registration_id");--> statement-breakpoint
CREATE INDEX "partner_registrations_access_idx" ON "partner_registrations" USING btree ("profile_level_access_id");
CREATE TABLE "game_day_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_level_access_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" uuid
);--> statement-breakpoint
CREATE TABLE "game_day_check_ins" (
	"id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"hierarchy_level_id" uuid NOT NULL,
	"game_on" date NOT NULL,
	"card_id" uuid,
	"profile_level_access_id" uuid,
	"outcome" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_by_profile_id" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_day_check_ins_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);--> statement-breakpoint
CREATE TABLE "game_day_keys" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "game_day_cards" ADD CONSTRAINT "game_day_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_day_cards" ADD CONSTRAINT "game_day_cards_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_day_check_ins" ADD CONSTRAINT "game_day_check_ins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_day_check_ins" ADD CONSTRAINT "game_day_check_ins_hierarchy_level_id_hierarchy_levels_id_fk" FOREIGN KEY ("hierarchy_level_id") REFERENCES "public"."hierarchy_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_day_check_ins" ADD CONSTRAINT "game_day_check_ins_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_day_keys" ADD CONSTRAINT "game_day_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_day_cards_org_pla_idx" ON "game_day_cards" USING btree ("organization_id","profile_level_access_id");--> statement-breakpoint
CREATE INDEX "game_day_check_ins_game_idx" ON "game_day_check_ins" USING btree ("organization_id","hierarchy_level_id","game_on");

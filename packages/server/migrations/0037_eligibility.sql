CREATE TABLE "level_eligibility" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"hierarchy_level_id" uuid NOT NULL,
	"age_group_label" text,
	"born_in_or_after_year" integer,
	"min_grade" smallint,
	"max_grade" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "level_eligibility" ADD CONSTRAINT "level_eligibility_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_eligibility" ADD CONSTRAINT "level_eligibility_hierarchy_level_id_hierarchy_levels_id_fk" FOREIGN KEY ("hierarchy_level_id") REFERENCES "public"."hierarchy_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "level_eligibility_org_level_idx" ON "level_eligibility" USING btree ("organization_id","hierarchy_level_id");

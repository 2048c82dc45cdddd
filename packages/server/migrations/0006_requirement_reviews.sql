CREATE TABLE "requirement_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"reviewer_user_id" uuid NOT NULL,
	"reviewer_profile_id" uuid,
	"outcome" smallint NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"review_source" text NOT NULL,
	"completed_at" timestamp with time zone,
	"batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_requirements" ADD COLUMN "review_source" text;--> statement-breakpoint
ALTER TABLE "requirement_reviews" ADD CONSTRAINT "requirement_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_reviews" ADD CONSTRAINT "requirement_reviews_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_reviews_org_created_idx" ON "requirement_reviews" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requirement_reviews_org_requirement_idx" ON "requirement_reviews" USING btree ("organization_id","member_requirement_id","created_at");--> statement-breakpoint
CREATE INDEX "member_requirements_org_pending_review_idx" ON "member_requirements" USING btree ("organization_id","completed_at","id") WHERE "member_requirements"."pending_review";--> statement-breakpoint
UPDATE "member_requirements" SET "review_source" = 'ManualUpload' WHERE "pending_review" AND "review_source" IS NULL;

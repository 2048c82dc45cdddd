ALTER TABLE "organizations" ADD COLUMN "show_customer_configured_background_check_notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "background_check_notice" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "review_background_checks_externally" boolean DEFAULT false NOT NULL;
ALTER TABLE "web_sessions" ADD COLUMN "refresh_lock_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_sessions" ADD COLUMN "previous_refresh_hash" text;--> statement-breakpoint
ALTER TABLE "web_sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "web_sessions" ADD COLUMN "latest_seal" text;
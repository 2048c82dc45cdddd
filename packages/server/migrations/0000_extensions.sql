-- Extensions the schema relies on: citext (case-insensitive e-mail), pg_trgm (substring search), unaccent (accent-insensitive search).
CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;

-- The dashboard's member search (ADR 016): substring of name or e-mail, accent- and case-insensitive, served by a
-- trigram index. unaccent() is only STABLE, so an IMMUTABLE wrapper with its dictionary named makes it indexable;
-- names are schema-qualified because index builds run with a safe search_path (PostgreSQL 17+, so PGlite).
CREATE OR REPLACE FUNCTION touchline_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION touchline_profile_search_text(first_name text, last_name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.touchline_search_key(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '')) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profiles_search_trgm_idx ON profiles
  USING gin (touchline_profile_search_text(first_name, last_name, email::text) gin_trgm_ops);

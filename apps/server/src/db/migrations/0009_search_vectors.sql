-- Full-text search over meetings and deals (the assistant's free-text answers and its search).
-- The vectors are generated columns, so every write keeps them current, bulk loads included.
-- They are not declared in db/schema: each `getTableColumns(...)` read (the recordings lists, the
-- deal views) would otherwise fetch the whole vector with every row. Titles and names weigh most,
-- then summaries, key points and next steps, then the transcript and the long deal texts.
-- A transcript is indexed up to its first 500,000 characters (a tsvector holds at most 1 MB).
-- deals_company_amount_idx serves questions scoped to one account; deals_no_next_steps_idx finds the
-- few deals without next steps without reading every deal; deals_org_updated_idx answers 'not
-- updated for N days' (count, sum and the oldest first) from the index alone.
ALTER TABLE "recordings" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce("summary", '')), 'B')
  || setweight(jsonb_to_tsvector('english'::regconfig, "key_points", '["string"]'), 'B')
  || setweight(to_tsvector('english'::regconfig, left(coalesce("transcription", ''), 500000)), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "recordings_search_vector_idx" ON "recordings" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("dealname", '')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce("nextsteps", '') || ' ' || coalesce("kdm", '')), 'B')
  || setweight(to_tsvector('english'::regconfig, coalesce("painpoints", '') || ' ' || coalesce("summary", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "deals_search_vector_idx" ON "deals" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "deals_company_amount_idx" ON "deals" USING btree ("company_id","amount");--> statement-breakpoint
CREATE INDEX "deals_no_next_steps_idx" ON "deals" USING btree ("organization_id","amount") WHERE "nextsteps" is null or btrim("nextsteps") = '';--> statement-breakpoint
CREATE INDEX "deals_org_updated_idx" ON "deals" USING btree ("organization_id","updated_at","stage_id","owner_id","amount");

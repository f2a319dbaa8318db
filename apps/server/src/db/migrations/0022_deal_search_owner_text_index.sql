-- A search by someone who sees only some owners' deals (a rep, a team, an owners filter) found every
-- match of the workspace through the trigram index, then read each one's row to keep those owners'
-- (a rep's common word at 1M deals: 99k matches, 34k pages read, for 2k rows kept). One GIN index
-- over the owner and the searched text (btree_gin's uuid keys beside pg_trgm's trigrams) intersects
-- both before any row is read; a search with no owner condition reads its text keys alone, as it
-- read the index it replaces.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "deal_search_owner_text_idx" ON "deal_search" USING gin ("owner_id","search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "deal_search_text_trgm_idx";

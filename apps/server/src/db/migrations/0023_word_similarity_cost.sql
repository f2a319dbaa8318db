-- The assistant looks for a misspelt deal name with pg_trgm's word similarity (`word <% search_text` over
-- deal_search, deals' nearNames). PostgreSQL prices that operator's function as one comparison (COST 1),
-- yet it builds and compares the trigrams of the whole text, about 35 times the work of a LIKE over it.
-- Priced so low, a scan that stops at the LIMIT looked cheaper than the trigram index, and the owner test
-- ran after the similarity: a rep's or a team's search computed the similarity of other owners' rows, and a
-- word no deal holds (a name the caller has no deal of: "I could not find it") computed it for every deal
-- of the workspace. PGlite keeps the statement prepared, and from its sixth run the one plan it keeps for any
-- words was that scan: 4 seconds and more at 100k deals, where the index answers in milliseconds. At
-- COST 100 every plan reads the index and tests the owner first.
-- An extension's function takes this from its owner: the migrations create pg_trgm (0000), so they own it;
-- where another role created it, this is skipped with a notice and the plans stay as they were. pg_dump does
-- not keep a cost set on an extension's function: after a restore, run these two statements again.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm word similarity keeps its cost: the migrating role does not own the extension';
END
$$;

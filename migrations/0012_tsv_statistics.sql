-- Retrieval full text (issue 13): ANALYZE keeps up to 10 x this target most common lexemes of `tsv`
-- (default 100: 1,000 lexemes). The full-text query estimates each query word's matches from that list
-- (api/retrieval/search.ts, FULLTEXT_CANDIDATES); 1,000 (10,000 lexemes) makes a word outside the list a
-- rare one. ANALYZE of 1M chunks stays under 3 s.
ALTER TABLE "retrieval_chunks" ALTER COLUMN "tsv" SET STATISTICS 1000;

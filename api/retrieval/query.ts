/**
 * The text the vector side embeds for a query. Questions are asked as questions, but the passages that
 * answer them are statements: the offline model (USE lite) places "the utility profit per share twelve
 * months before" much nearer its answer than "What was the utility profit per share twelve months
 * before?". So the leading interrogative and auxiliary words ("what was", "how much did", "are") and a
 * final question mark are dropped before embedding (vector-only recall@10 on `npm run
 * quality:retrieval`, no filter: dev 0.500 -> 0.633, held-out 0.357 -> 0.571). The full-text query and the
 * rerank read the query as written. A query that is nothing but such words is embedded as written.
 */
const LEAD =
  /^(?:what|where|when|which|who|whom|whose|why|how(?:\s+(?:much|many|large|big|fast|high|low|quickly|long|often|far))?|is|are|was|were|do|does|did|will|would|can|could|should|has|have|had)(?:\s+|$)/i;

export function embeddingText(query: string): string {
  let text = query.trim().replace(/\s*\?+$/, '');
  for (let m = text.match(LEAD); m; m = text.match(LEAD)) text = text.slice(m[0].length);
  return text.trim() || query;
}

import { fulltextQuery } from './api/retrieval/search.ts';
import { QUESTIONS } from './cli/quality/retrieval-questions.ts';
import { openDatabase } from './lib/db.ts';
const db = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:5432/${process.argv[4] ?? 'retspeed_1m'}` });
const qv = new Array(512).fill(0);
const q = fulltextQuery(QUESTIONS[Number(process.argv[2])]!.q, qv, {}, 'none', 100, Number(process.argv[3] ?? 5000))!;
const t = q.text.replace(/,\s*top as[\s\S]*$/, ' select e.tq::text, e.n, (select match::text from q), $1::text is null, $3::int, $4::text from est e');
console.log(QUESTIONS[Number(process.argv[2])]!.q, await db.query(t, q.params));
await db.close();

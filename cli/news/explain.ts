import type { Command } from 'commander';
import { eq } from 'drizzle-orm';
import { type Database, openDatabase } from '../../lib/db.ts';
import { newsArticles, newsCompanyRows, newsEvents, newsThemeRows } from '../../schema/news.ts';
import { cliContext } from '../context.ts';

/** Every rule, link, edge and theme behind one stored article: what `etl news explain <news_id>` prints. */
export async function explainNews(database: Database, newsId: string) {
  const db = database.db;
  const [a] = await db.select().from(newsArticles).where(eq(newsArticles.newsId, newsId));
  if (!a) return null;
  const rows = await db.select().from(newsCompanyRows).where(eq(newsCompanyRows.newsId, newsId));
  const themes = await db.select().from(newsThemeRows).where(eq(newsThemeRows.newsId, newsId));
  const eventIds = [...new Set(rows.map((r) => r.eventId).filter((x): x is string => Boolean(x)))];
  const events = [];
  for (const id of eventIds)
    events.push(...(await db.select().from(newsEvents).where(eq(newsEvents.eventId, id))));
  return {
    news_id: a.newsId,
    title: a.title,
    link: a.link,
    channel: a.channel,
    publisher: a.publisher,
    event_at: a.eventAt,
    time_basis: a.timeBasis,
    // read from the words where they state a date (the `date:` rule below), else the publication
    occurred_on: a.occurredOn,
    time_precision: a.timePrecision,
    announced_lag_days: a.announcedLagDays,
    is_scheduled: a.isScheduled,
    classification: {
      event_type: a.eventType,
      event_subtype: a.eventSubtype,
      impact_score: a.impactScore,
      rules: a.rules,
    },
    reading: a.reader
      ? { reader: a.reader, direction: a.direction, horizon: a.horizon, confidence: a.confidence, why: a.why }
      : { reader: null, note: 'scored under 40: not read' },
    links: rows
      .filter((r) => r.relation === 'direct')
      .map((r) => ({
        company_id: r.companyId,
        ticker: r.ticker,
        basis: r.basis,
        evidence: r.evidence,
        ticker_confirmed: r.tickerConfirmed,
        primary: r.primary,
      })),
    knock_on: rows
      .filter((r) => r.relation === 'knock_on')
      .map((r) => ({
        company_id: r.companyId,
        ticker: r.ticker,
        via: r.via,
        magnitude: r.magnitude,
        evidence: r.evidence,
        note: 'an inference from the relationship graph',
      })),
    not_linked_ambiguous: a.ambiguous,
    themes: themes.map((t) => ({ theme: t.theme, track: t.track, evidence: t.evidence })),
    stance: a.stance,
    region: a.region,
    events: events.map((e) => ({
      event_id: e.eventId,
      company_id: e.companyId,
      relation: e.relation,
      n_articles: e.nArticles,
      peak_impact: e.peakImpact,
    })),
  };
}

export function registerNewsCommands(program: Command) {
  const news = program.command('news').description('News: inspect stored articles');
  news
    .command('explain')
    .description('Every rule, link, graph edge and theme behind one stored article (JSON)')
    .argument('<news_id>', 'an article id (nws_...) from /v1/companies/{id}/news')
    .action(async (newsId: string) => {
      const { config } = cliContext();
      const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      try {
        await database.migrate();
        const out = await explainNews(database, newsId);
        if (!out) {
          process.stderr.write(`no stored article ${newsId}\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } finally {
        await database.close();
      }
    });
}

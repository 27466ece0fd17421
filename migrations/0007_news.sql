CREATE TABLE "news_articles" (
	"news_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"summary" text,
	"summary_withheld" boolean DEFAULT false NOT NULL,
	"publisher" text,
	"channel" text NOT NULL,
	"language" text,
	"region" text,
	"event_at" timestamp with time zone NOT NULL,
	"time_basis" text NOT NULL,
	"time_precision" text NOT NULL,
	"is_scheduled" boolean NOT NULL,
	"occurred_on" date,
	"announced_lag_days" integer,
	"event_type" text NOT NULL,
	"event_subtype" text NOT NULL,
	"impact_score" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"stance" text NOT NULL,
	"direction" text,
	"horizon" text,
	"confidence" real,
	"why" text,
	"reader" text,
	"ambiguous" jsonb NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_company_rows" (
	"news_id" text NOT NULL,
	"company_id" text NOT NULL,
	"relation" text NOT NULL,
	"event_id" text,
	"ticker" text,
	"ticker_confirmed" boolean NOT NULL,
	"is_primary" boolean NOT NULL,
	"basis" text NOT NULL,
	"evidence" text NOT NULL,
	"magnitude" integer,
	"via" text,
	"direction" text,
	"event_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_company_rows_news_id_company_id_relation_pk" PRIMARY KEY("news_id","company_id","relation")
);
--> statement-breakpoint
CREATE TABLE "news_events" (
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"relation" text NOT NULL,
	"ticker" text,
	"n_articles" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"peak_impact" integer NOT NULL,
	"peak_magnitude" integer,
	"via" text,
	"direction" text NOT NULL,
	"headline" text NOT NULL,
	"why" text,
	"event_type" text NOT NULL,
	"link" text,
	"publishers" jsonb NOT NULL,
	"weakest_time_basis" text NOT NULL,
	"occurred_on" date,
	"reaches" jsonb NOT NULL,
	"is_scheduled" boolean NOT NULL,
	"news_ids" jsonb NOT NULL,
	CONSTRAINT "news_events_event_id_company_id_relation_pk" PRIMARY KEY("event_id","company_id","relation")
);
--> statement-breakpoint
CREATE TABLE "news_theme_rows" (
	"theme" text NOT NULL,
	"news_id" text NOT NULL,
	"track" text NOT NULL,
	"evidence" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_theme_rows_theme_news_id_pk" PRIMARY KEY("theme","news_id")
);
--> statement-breakpoint
CREATE INDEX "news_articles_event_at" ON "news_articles" USING btree ("event_at");--> statement-breakpoint
CREATE INDEX "news_company_rows_company" ON "news_company_rows" USING btree ("company_id","event_at");--> statement-breakpoint
CREATE INDEX "news_events_company" ON "news_events" USING btree ("company_id","last_at");--> statement-breakpoint
CREATE INDEX "news_theme_rows_theme" ON "news_theme_rows" USING btree ("theme","event_at");
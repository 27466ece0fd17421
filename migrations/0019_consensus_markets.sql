CREATE TABLE "consensus_estimates" (
	"symbol" text NOT NULL,
	"provider" text NOT NULL,
	"as_of" date NOT NULL,
	"period_code" text NOT NULL,
	"metric" text NOT NULL,
	"company_id" text,
	"period_type" text NOT NULL,
	"period_end" date,
	"currency" text,
	"basis" text NOT NULL,
	"basis_evidence" text NOT NULL,
	"avg" double precision,
	"low" double precision,
	"high" double precision,
	"year_ago" double precision,
	"growth" double precision,
	"analysts" integer,
	"trend_7d_ago" double precision,
	"trend_30d_ago" double precision,
	"trend_60d_ago" double precision,
	"trend_90d_ago" double precision,
	"revisions_up_7d" integer,
	"revisions_up_30d" integer,
	"revisions_down_7d" integer,
	"revisions_down_30d" integer,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consensus_estimates_symbol_provider_as_of_period_code_metric_pk" PRIMARY KEY("symbol","provider","as_of","period_code","metric")
);
--> statement-breakpoint
CREATE TABLE "consensus_history" (
	"symbol" text NOT NULL,
	"provider" text NOT NULL,
	"period_end" date NOT NULL,
	"company_id" text,
	"currency" text,
	"eps_actual" double precision,
	"actual_basis" text NOT NULL,
	"eps_estimate" double precision,
	"estimate_basis" text NOT NULL,
	"basis_evidence" text NOT NULL,
	"surprise" double precision,
	"surprise_percent" double precision,
	"surprise_reason" text,
	"provider_surprise_percent" double precision,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consensus_history_symbol_provider_period_end_pk" PRIMARY KEY("symbol","provider","period_end")
);
--> statement-breakpoint
CREATE TABLE "earnings_calendar" (
	"symbol" text NOT NULL,
	"provider" text NOT NULL,
	"company_id" text,
	"date" date NOT NULL,
	"date_end" date,
	"starts_at" timestamp with time zone,
	"time_of_day" text NOT NULL,
	"confirmed" boolean NOT NULL,
	"call_at" timestamp with time zone,
	"eps_avg" double precision,
	"eps_low" double precision,
	"eps_high" double precision,
	"revenue_avg" double precision,
	"revenue_low" double precision,
	"revenue_high" double precision,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earnings_calendar_symbol_provider_pk" PRIMARY KEY("symbol","provider")
);
--> statement-breakpoint
CREATE TABLE "prediction_market_links" (
	"provider" text NOT NULL,
	"market_id" text NOT NULL,
	"company_id" text NOT NULL,
	"method" text NOT NULL,
	"matched" text NOT NULL,
	"evidence" text NOT NULL,
	"earnings_kind" text,
	CONSTRAINT "prediction_market_links_provider_market_id_company_id_pk" PRIMARY KEY("provider","market_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "prediction_markets" (
	"provider" text NOT NULL,
	"market_id" text NOT NULL,
	"event_id" text,
	"question" text NOT NULL,
	"description" text,
	"category" text,
	"status" text NOT NULL,
	"status_raw" text,
	"outcomes" jsonb NOT NULL,
	"yes_price" double precision,
	"yes_price_raw" text,
	"price_unit" text,
	"price_field" text,
	"volume" double precision,
	"volume_unit" text,
	"liquidity" double precision,
	"open_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"resolution_time" timestamp with time zone,
	"outcome" text,
	"url" text,
	"updated_at" timestamp with time zone,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prediction_markets_provider_market_id_pk" PRIMARY KEY("provider","market_id")
);
--> statement-breakpoint
CREATE INDEX "consensus_estimates_company" ON "consensus_estimates" USING btree ("company_id","as_of");--> statement-breakpoint
CREATE INDEX "consensus_history_company" ON "consensus_history" USING btree ("company_id","period_end");--> statement-breakpoint
CREATE INDEX "earnings_calendar_date" ON "earnings_calendar" USING btree ("date");--> statement-breakpoint
CREATE INDEX "prediction_market_links_company" ON "prediction_market_links" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "prediction_markets_status" ON "prediction_markets" USING btree ("status","close_time");
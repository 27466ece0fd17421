CREATE TABLE "benchmark_bars" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"currency" text NOT NULL,
	"open" double precision,
	"high" double precision,
	"low" double precision,
	"close" double precision NOT NULL,
	"volume" bigint,
	"close_major" double precision NOT NULL,
	"currency_major" text NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "benchmark_bars_symbol_date_pk" PRIMARY KEY("symbol","date")
);
--> statement-breakpoint
CREATE TABLE "benchmarks" (
	"symbol" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"exchange" text,
	"currency" text NOT NULL,
	"headline" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_caps" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"company_id" text NOT NULL,
	"currency" text NOT NULL,
	"market_cap" numeric NOT NULL,
	"shares" bigint NOT NULL,
	"shares_as_of" date NOT NULL,
	CONSTRAINT "market_caps_symbol_date_pk" PRIMARY KEY("symbol","date")
);
--> statement-breakpoint
CREATE TABLE "price_bars" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"company_id" text,
	"market" text NOT NULL,
	"currency" text,
	"open" double precision,
	"high" double precision,
	"low" double precision,
	"close" double precision,
	"adj_close" double precision,
	"volume" bigint,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_bars_symbol_date_pk" PRIMARY KEY("symbol","date")
);
--> statement-breakpoint
CREATE TABLE "price_events" (
	"symbol" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"amount" double precision,
	"numerator" double precision,
	"denominator" double precision,
	"source" text NOT NULL,
	CONSTRAINT "price_events_symbol_date_kind_pk" PRIMARY KEY("symbol","date","kind")
);
--> statement-breakpoint
CREATE TABLE "shares_outstanding" (
	"cik" text NOT NULL,
	"end_date" date NOT NULL,
	"accession" text NOT NULL,
	"seq" integer NOT NULL,
	"filed" date NOT NULL,
	"form" text NOT NULL,
	"shares" bigint NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shares_outstanding_cik_end_date_accession_seq_pk" PRIMARY KEY("cik","end_date","accession","seq")
);
--> statement-breakpoint
CREATE TABLE "short_interest" (
	"symbol" text NOT NULL,
	"settlement_date" date NOT NULL,
	"company_id" text,
	"issue_name" text,
	"category" text,
	"market_class_code" text,
	"current_short_position" bigint,
	"previous_short_position" bigint,
	"change_previous" bigint,
	"change_percent" numeric,
	"average_daily_volume" bigint,
	"days_to_cover" numeric,
	"days_to_cover_computed" boolean DEFAULT false NOT NULL,
	"revision_flag" text,
	"stock_split_flag" text,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "short_interest_symbol_settlement_date_pk" PRIMARY KEY("symbol","settlement_date")
);
--> statement-breakpoint
CREATE INDEX "market_caps_company" ON "market_caps" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "price_bars_company" ON "price_bars" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "shares_outstanding_filed" ON "shares_outstanding" USING btree ("cik","filed");--> statement-breakpoint
CREATE INDEX "short_interest_company" ON "short_interest" USING btree ("company_id","settlement_date");
CREATE TABLE "etf_issuer_holding_files" (
	"fund_ticker" text NOT NULL,
	"as_of" date NOT NULL,
	"issuer" text NOT NULL,
	"format" text NOT NULL,
	"fund_name" text,
	"rows" integer NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_url" text NOT NULL,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "etf_issuer_holding_files_fund_ticker_as_of_pk" PRIMARY KEY("fund_ticker","as_of")
);
--> statement-breakpoint
CREATE TABLE "etf_issuer_holdings" (
	"fund_ticker" text NOT NULL,
	"as_of" date NOT NULL,
	"ordinal" integer NOT NULL,
	"issuer" text NOT NULL,
	"ticker" text,
	"cusip" text,
	"isin" text,
	"sedol" text,
	"name" text,
	"sector" text,
	"asset_class" text,
	"kind" text NOT NULL,
	"weight_pct" numeric,
	"shares" numeric,
	"price" numeric,
	"market_value" numeric,
	"notional" numeric,
	"currency" text,
	"fx_rate" numeric,
	"exchange" text,
	"location" text,
	"accrual_date" date,
	"company_id" text,
	"link_source" text,
	"link_value" text,
	CONSTRAINT "etf_issuer_holdings_fund_ticker_as_of_ordinal_pk" PRIMARY KEY("fund_ticker","as_of","ordinal")
);
--> statement-breakpoint
CREATE INDEX "etf_issuer_holdings_company" ON "etf_issuer_holdings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "etf_issuer_holdings_cusip" ON "etf_issuer_holdings" USING btree ("cusip");
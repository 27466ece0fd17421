CREATE TABLE "disclosures" (
	"market" text NOT NULL,
	"source_id" text NOT NULL,
	"date" date NOT NULL,
	"time" text,
	"company_name" text NOT NULL,
	"local_code" text,
	"title" text NOT NULL,
	"category" text,
	"filing_url" text,
	"xbrl_url" text,
	"text" text,
	"description_chars" integer NOT NULL,
	"source" text NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "disclosures_market_source_id_pk" PRIMARY KEY("market","source_id")
);
--> statement-breakpoint
CREATE TABLE "kr_financials" (
	"corp_code" text NOT NULL,
	"bsns_year" integer NOT NULL,
	"reprt_code" text NOT NULL,
	"fs_div" text NOT NULL,
	"sj_div" text NOT NULL,
	"line_no" integer NOT NULL,
	"ord" integer,
	"account_id" text NOT NULL,
	"account_nm" text NOT NULL,
	"account_detail" text,
	"sj_nm" text NOT NULL,
	"amount" text,
	"amount_prior_period" text,
	"amount_two_periods_prior" text,
	"amount_cumulative" text,
	"currency" text NOT NULL,
	"rcept_no" text NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kr_financials_corp_code_bsns_year_reprt_code_fs_div_sj_div_line_no_pk" PRIMARY KEY("corp_code","bsns_year","reprt_code","fs_div","sj_div","line_no")
);
--> statement-breakpoint
CREATE TABLE "kr_report_sections" (
	"corp_code" text NOT NULL,
	"section" text NOT NULL,
	"kind" text NOT NULL,
	"endpoint" text NOT NULL,
	"bsns_year" integer,
	"reprt_code" text,
	"rcept_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"label" text,
	"as_of_date" date,
	"is_subtotal" boolean NOT NULL,
	"fields" jsonb NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kr_report_sections_corp_code_endpoint_rcept_no_line_no_pk" PRIMARY KEY("corp_code","endpoint","rcept_no","line_no")
);
--> statement-breakpoint
CREATE TABLE "tw_financials" (
	"local_security_code" text NOT NULL,
	"year" integer NOT NULL,
	"season" smallint NOT NULL,
	"statement" text NOT NULL,
	"company_name" text,
	"market" text,
	"industry_class" text,
	"period_end" date NOT NULL,
	"revenue_ytd" numeric,
	"operating_income_ytd" numeric,
	"net_income_ytd" numeric,
	"eps_basic_ytd" numeric,
	"revenue_q" numeric,
	"operating_income_q" numeric,
	"net_income_q" numeric,
	"eps_basic_q" numeric,
	"quarter_basis" text,
	"total_assets" numeric,
	"total_liabilities" numeric,
	"total_equity" numeric,
	"report_date" date,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tw_financials_local_security_code_year_season_statement_pk" PRIMARY KEY("local_security_code","year","season","statement")
);
--> statement-breakpoint
CREATE TABLE "tw_foreign_ownership" (
	"local_security_code" text NOT NULL,
	"snapshot_date" date NOT NULL,
	"market" text NOT NULL,
	"company_name" text NOT NULL,
	"isin" text,
	"issued_shares" numeric,
	"foreign_held_shares" numeric,
	"foreign_available_shares" numeric,
	"foreign_held_pct" numeric,
	"foreign_limit_pct" numeric,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tw_foreign_ownership_local_security_code_snapshot_date_pk" PRIMARY KEY("local_security_code","snapshot_date")
);
--> statement-breakpoint
CREATE TABLE "tw_monthly_revenue" (
	"local_security_code" text NOT NULL,
	"data_ym" text NOT NULL,
	"market" text NOT NULL,
	"company_name" text NOT NULL,
	"industry" text,
	"revenue" numeric,
	"revenue_previous_month" numeric,
	"revenue_year_ago" numeric,
	"mom_pct" numeric,
	"yoy_pct" numeric,
	"revenue_ytd" numeric,
	"revenue_ytd_year_ago" numeric,
	"revenue_ytd_yoy_pct" numeric,
	"note" text,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tw_monthly_revenue_local_security_code_data_ym_pk" PRIMARY KEY("local_security_code","data_ym")
);
--> statement-breakpoint
CREATE INDEX "disclosures_code" ON "disclosures" USING btree ("market","local_code","date");--> statement-breakpoint
CREATE INDEX "kr_financials_account" ON "kr_financials" USING btree ("corp_code","account_id");--> statement-breakpoint
CREATE INDEX "kr_report_sections_section" ON "kr_report_sections" USING btree ("corp_code","section","kind");--> statement-breakpoint
CREATE INDEX "tw_foreign_ownership_date" ON "tw_foreign_ownership" USING btree ("snapshot_date");--> statement-breakpoint
CREATE INDEX "tw_monthly_revenue_ym" ON "tw_monthly_revenue" USING btree ("data_ym");
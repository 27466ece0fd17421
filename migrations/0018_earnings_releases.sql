CREATE TABLE "earnings_figures" (
	"accession_number" text NOT NULL,
	"fiscal_year" integer,
	"fiscal_period" text NOT NULL,
	"metric" text NOT NULL,
	"basis" text NOT NULL,
	"label" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"scale" text NOT NULL,
	"as_printed" text NOT NULL,
	"scale_evidence" text NOT NULL,
	"evidence" jsonb NOT NULL,
	CONSTRAINT "earnings_figures_accession_number_fiscal_period_metric_basis_pk" PRIMARY KEY("accession_number","fiscal_period","metric","basis")
);
--> statement-breakpoint
CREATE TABLE "earnings_guidance" (
	"accession_number" text NOT NULL,
	"ordinal" integer NOT NULL,
	"metric" text NOT NULL,
	"label" text NOT NULL,
	"basis" text NOT NULL,
	"target_fiscal_year" integer,
	"target_fiscal_period" text,
	"low" double precision,
	"high" double precision,
	"point" double precision,
	"text_value" text,
	"relative" boolean NOT NULL,
	"unit" text NOT NULL,
	"currency" text,
	"scale" text NOT NULL,
	"as_printed" text NOT NULL,
	"status" text,
	"evidence" jsonb NOT NULL,
	CONSTRAINT "earnings_guidance_accession_number_ordinal_pk" PRIMARY KEY("accession_number","ordinal")
);
--> statement-breakpoint
CREATE TABLE "earnings_measures" (
	"accession_number" text NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"measure" text,
	"fiscal_year" integer,
	"fiscal_period" text,
	"period" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"scale" text NOT NULL,
	"as_printed" text NOT NULL,
	"evidence" jsonb NOT NULL,
	CONSTRAINT "earnings_measures_accession_number_ordinal_pk" PRIMARY KEY("accession_number","ordinal")
);
--> statement-breakpoint
CREATE TABLE "earnings_releases" (
	"accession_number" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"form" text NOT NULL,
	"filing_date" date NOT NULL,
	"announced_at" timestamp with time zone,
	"status" text NOT NULL,
	"exhibit_url" text,
	"document_type" text,
	"fiscal_year" integer,
	"fiscal_period" text,
	"period_end" date,
	"fiscal_year_source" text,
	"period_evidence" jsonb,
	"currency" text,
	"currency_evidence" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unassigned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parser_version" text NOT NULL,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "earnings_releases_cik" ON "earnings_releases" USING btree ("cik","filing_date");
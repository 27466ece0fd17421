CREATE TABLE "filing_documents" (
	"accession_number" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"filing_type" text NOT NULL,
	"form" text NOT NULL,
	"report_date" date,
	"filing_date" date NOT NULL,
	"year" integer,
	"quarter" integer,
	"status" text NOT NULL,
	"document_url" text NOT NULL,
	"exhibits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parser_version" text NOT NULL,
	"sha256" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_exhibits" (
	"accession_number" text NOT NULL,
	"number" text NOT NULL,
	"description" text,
	"url" text NOT NULL,
	"text" text,
	"truncated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "filing_exhibits_accession_number_number_url_pk" PRIMARY KEY("accession_number","number","url")
);
--> statement-breakpoint
CREATE TABLE "filing_items" (
	"accession_number" text NOT NULL,
	"number" text NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"resolved_text" text,
	"resolved" jsonb,
	CONSTRAINT "filing_items_accession_number_number_pk" PRIMARY KEY("accession_number","number")
);
--> statement-breakpoint
CREATE TABLE "company_facts" (
	"cik" text PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_segments" (
	"cik" bigint NOT NULL,
	"period" text NOT NULL,
	"report_period" date NOT NULL,
	"accession_number" text NOT NULL,
	"known_from" date NOT NULL,
	"ticker" text,
	"fiscal_period" text,
	"currency" text,
	"filing_url" text,
	"income_statement" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "financial_segments_cik_period_report_period_accession_number_pk" PRIMARY KEY("cik","period","report_period","accession_number")
);
--> statement-breakpoint
CREATE TABLE "financial_statements" (
	"cik" bigint NOT NULL,
	"statement" text NOT NULL,
	"period" text NOT NULL,
	"report_period" date NOT NULL,
	"known_from" date NOT NULL,
	"ticker" text,
	"fiscal_period" text,
	"calendar_date" date,
	"currency" text,
	"accounting_standard" text,
	"accession_number" text,
	"filing_url" text,
	"values" jsonb NOT NULL,
	"derived" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "financial_statements_cik_statement_period_report_period_known_from_pk" PRIMARY KEY("cik","statement","period","report_period","known_from")
);
--> statement-breakpoint
CREATE INDEX "filing_documents_lookup" ON "filing_documents" USING btree ("cik","filing_type","year","quarter");
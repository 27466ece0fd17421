CREATE TABLE "form_20f_facts" (
	"accession" text NOT NULL,
	"seq" integer NOT NULL,
	"cik" bigint NOT NULL,
	"taxonomy" text NOT NULL,
	"tag" text NOT NULL,
	"value" text NOT NULL,
	"unit" text,
	"decimals" text,
	"period_start" date,
	"period_end" date NOT NULL,
	"instant" boolean NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "form_20f_facts_accession_seq_pk" PRIMARY KEY("accession","seq")
);
--> statement-breakpoint
CREATE TABLE "form_20f_filings" (
	"accession" text PRIMARY KEY NOT NULL,
	"cik" bigint NOT NULL,
	"form" text NOT NULL,
	"source" text NOT NULL,
	"filing_date" date NOT NULL,
	"period_end" date,
	"fiscal_year_end" text,
	"registrant_name" text,
	"incorporation" text,
	"incorporation_country" text,
	"accounting_standard" text,
	"accounting_standard_evidence" text,
	"reporting_currency" text,
	"reporting_currency_evidence" text,
	"auditor" text,
	"shares_outstanding" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adr_ratio" text,
	"filer_category" text,
	"amendment" boolean DEFAULT false NOT NULL,
	"document_format" text NOT NULL,
	"items_found" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_20f_notes" (
	"accession" text NOT NULL,
	"seq" integer NOT NULL,
	"cik" bigint NOT NULL,
	"note_tag" text,
	"note_title" text NOT NULL,
	"text" text NOT NULL,
	"text_chars" integer NOT NULL,
	CONSTRAINT "form_20f_notes_accession_seq_pk" PRIMARY KEY("accession","seq")
);
--> statement-breakpoint
CREATE TABLE "form_20f_ownership" (
	"accession" text NOT NULL,
	"seq" integer NOT NULL,
	"cik" bigint NOT NULL,
	"holder_name" text NOT NULL,
	"shares" numeric,
	"ownership_pct" numeric,
	"voting_pct" numeric,
	"row_text" text NOT NULL,
	CONSTRAINT "form_20f_ownership_accession_seq_pk" PRIMARY KEY("accession","seq")
);
--> statement-breakpoint
CREATE TABLE "form_20f_segments" (
	"accession" text NOT NULL,
	"seq" integer NOT NULL,
	"cik" bigint NOT NULL,
	"dimension" text NOT NULL,
	"segment_path" text NOT NULL,
	"segment_name" text NOT NULL,
	"depth" integer NOT NULL,
	"members" jsonb NOT NULL,
	"concept" text NOT NULL,
	"metric_kind" text NOT NULL,
	"value" numeric NOT NULL,
	"unit" text NOT NULL,
	"decimals" text,
	"period_start" date,
	"period_end" date NOT NULL,
	"fiscal_year" integer NOT NULL,
	CONSTRAINT "form_20f_segments_accession_seq_pk" PRIMARY KEY("accession","seq")
);
--> statement-breakpoint
CREATE INDEX "form_20f_facts_tag" ON "form_20f_facts" USING btree ("cik","tag");--> statement-breakpoint
CREATE INDEX "form_20f_facts_period" ON "form_20f_facts" USING btree ("cik","period_end");--> statement-breakpoint
CREATE INDEX "form_20f_filings_cik" ON "form_20f_filings" USING btree ("cik","filing_date");--> statement-breakpoint
CREATE INDEX "form_20f_notes_cik" ON "form_20f_notes" USING btree ("cik");--> statement-breakpoint
CREATE INDEX "form_20f_ownership_cik" ON "form_20f_ownership" USING btree ("cik");--> statement-breakpoint
CREATE INDEX "form_20f_segments_cik" ON "form_20f_segments" USING btree ("cik","fiscal_year");
CREATE TABLE "company_aliases" (
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"accession_number" text NOT NULL,
	"alias" text NOT NULL,
	"alias_key" text NOT NULL,
	"filing_date" date NOT NULL,
	"source_url" text NOT NULL,
	"superseded_by" text,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_aliases_company_id_kind_accession_number_alias_pk" PRIMARY KEY("company_id","kind","accession_number","alias")
);
--> statement-breakpoint
CREATE INDEX "company_aliases_key" ON "company_aliases" USING btree ("alias_key");--> statement-breakpoint
CREATE INDEX "company_aliases_accession" ON "company_aliases" USING btree ("accession_number");
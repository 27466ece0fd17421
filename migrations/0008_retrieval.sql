CREATE TABLE "retrieval_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"segment_sequence" integer NOT NULL,
	"char_start" integer NOT NULL,
	"char_end" integer NOT NULL,
	"text" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED NOT NULL,
	"embedding" vector(512),
	"embedding_model" text,
	"embedding_dimensions" integer
);
--> statement-breakpoint
CREATE TABLE "retrieval_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"ticker" text NOT NULL,
	"cik" bigint,
	"year" integer,
	"quarter" integer,
	"title" text NOT NULL,
	"filing_type" text,
	"accession_number" text,
	"item_number" text,
	"source_url" text NOT NULL,
	"published_at" text,
	"page_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"period_evidence" text,
	"status" text DEFAULT 'indexed' NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"indexed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retrieval_segments" (
	"document_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"speaker_name" text,
	"speaker_title" text,
	"section" text,
	"content" text NOT NULL,
	CONSTRAINT "retrieval_segments_document_id_sequence_pk" PRIMARY KEY("document_id","sequence")
);
--> statement-breakpoint
CREATE INDEX "retrieval_chunks_document" ON "retrieval_chunks" USING btree ("document_id","segment_sequence");--> statement-breakpoint
CREATE INDEX "retrieval_chunks_tsv" ON "retrieval_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "retrieval_chunks_embedding" ON "retrieval_chunks" USING hnsw ("embedding" vector_cosine_ops);--> statement-breakpoint
CREATE INDEX "retrieval_documents_ticker" ON "retrieval_documents" USING btree ("ticker","year","quarter");--> statement-breakpoint
CREATE INDEX "retrieval_documents_cik" ON "retrieval_documents" USING btree ("cik");
/** Real examples (the AAPL Q1 FY2023 call of the demo) and response schemas of the retrieval routes. */

const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const int = { type: 'integer' };
const nint = { type: ['integer', 'null'] };

export const DOCUMENT_ID_EXAMPLE = 'doc_tr_f04039a7eb6146f1';

export const DOCUMENT_EXAMPLE = {
  id: DOCUMENT_ID_EXAMPLE,
  documentTitle: 'AAPL Q1 FY2023 earnings call',
  documentType: 'transcript',
  ticker: 'AAPL',
  cik: 320193,
  year: 2023,
  quarter: 'Q1',
  filingType: null,
  accessionNumber: null,
  itemNumber: null,
  sourceUrl:
    'https://v2.api.earningscall.biz/transcript?apikey=demo&exchange=NASDAQ&symbol=AAPL&year=2023&quarter=1&level=2',
  publishedAt: '2023-02-02T17:00:00.000-05:00',
  pageNumbers: [],
  periodEvidence: 'event.year/event.quarter',
  segmentCount: 68,
  chunkCount: 98,
  status: 'indexed',
};

export const DOCUMENT_SCHEMA = {
  type: 'object',
  properties: {
    id: str,
    documentTitle: str,
    documentType: {
      ...str,
      description: '`transcript` (earnings call) or `filing_item` (one 10-K/10-Q item)',
    },
    ticker: str,
    cik: nint,
    year: {
      ...nint,
      description: 'Fiscal year as the company counts it (calls); report-period year (filings)',
    },
    quarter: { ...nstr, description: 'Q1-Q4' },
    filingType: { ...nstr, description: '10-K, 10-Q (filing items); null for transcripts' },
    accessionNumber: nstr,
    itemNumber: nstr,
    sourceUrl: str,
    publishedAt: { ...nstr, description: 'Call time or filing date; the reverse-recency order' },
    pageNumbers: { type: 'array', items: int },
    periodEvidence: {
      ...nstr,
      description: 'Where the period was read (the call opening, the API event, the report date)',
    },
    segmentCount: int,
    chunkCount: int,
    status: { ...str, description: '`indexed`' },
  },
};

export const SEGMENT_EXAMPLE = {
  id: `${DOCUMENT_ID_EXAMPLE}.s0`,
  documentId: DOCUMENT_ID_EXAMPLE,
  sequence: 0,
  speakerName: 'Teja Skala',
  speakerTitle: 'Director of Investor Relations and Corporate Finance',
  section: null,
  content:
    "Good day, everyone, and welcome to the Apple Q1 Fiscal Year 2023 Earnings Conference Call. Today's call is being recorded. And now at this time, for opening remarks and introductions, I would like to turn the call over to Teja Skala, Director of Investor Relations and Corporate Finance. Please go ahead.",
  charStart: 0,
  charEnd: 304,
};

export const SEGMENT_SCHEMA = {
  type: 'object',
  properties: {
    id: str,
    documentId: str,
    sequence: { ...int, description: 'From 0 in document order' },
    speakerName: nstr,
    speakerTitle: nstr,
    section: { ...nstr, description: '`prepared` or `qa` when the source says' },
    content: str,
    charStart: {
      ...int,
      description: 'Offset in the document text (segments joined by a blank line), computed at read time',
    },
    charEnd: int,
  },
};

const CHUNK_TEXT =
  'Thank you Tim, and good afternoon everyone. As Tim mentioned, revenue for the December quarter was $117.2 billion, down 5% from last year. A number of factors had a significant impact on our results. First, we faced a very difficult foreign exchange environment, which affected our performance by nearly 800 basis points. In other words, we grew revenue on a constant currency basis, and in fact, we did so in the vast majority of markets. Second, the macroeconomic environment this past quarter was markedly more challenging than 12 months ago. Third, we experienced significant supply shortages for iPhone 14 Pro and iPhone 14 Pro Max in November and through December. On the other hand, we had the positive impact of the 14th week in the quarter that Tejas mentioned at the beginning of the call. Products revenue was 96.4 billion, down 8% from last year due to the factors I just called out.';

export const RETRIEVE_EXAMPLE = {
  chunks: [
    {
      id: 'chk_a528db591e3565ac',
      text: CHUNK_TEXT,
      score: 0.41,
      evidenceText:
        'As Tim mentioned, revenue for the December quarter was $117.2 billion, down 5% from last year.',
      segmentId: `${DOCUMENT_ID_EXAMPLE}.s3`,
      charStart: 6021,
      charEnd: 6916,
      evidenceCharStart: 6065,
      evidenceCharEnd: 6159,
      speakerName: 'Luca Maestri',
      speakerTitle: 'CFO',
      source: {
        documentId: DOCUMENT_ID_EXAMPLE,
        documentTitle: 'AAPL Q1 FY2023 earnings call',
        documentType: 'transcript',
        ticker: 'AAPL',
        year: 2023,
        quarter: 'Q1',
        filingType: null,
        sourceUrl: DOCUMENT_EXAMPLE.sourceUrl,
        pageNumbers: [],
        segments: [],
      },
    },
  ],
  meta: {
    total: 1,
    topK: 10,
    periodMismatch: null,
    embeddingModel: 'universal-sentence-encoder-lite@energetic-ai',
    embedder: 'ready',
    requestId: 'req_01JDEXAMPLE',
  },
};

export const RETRIEVE_SCHEMA = {
  type: 'object',
  properties: {
    chunks: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: str,
          text: str,
          score: {
            type: ['number', 'null'],
            description:
              'Cosine distance to the query; lower is closer. Null while the chunk waits for its vector (found by full text)',
          },
          evidenceText: str,
          segmentId: str,
          charStart: int,
          charEnd: int,
          evidenceCharStart: int,
          evidenceCharEnd: int,
          speakerName: nstr,
          speakerTitle: nstr,
          source: {
            type: 'object',
            properties: {
              documentId: str,
              documentTitle: str,
              documentType: str,
              ticker: str,
              year: nint,
              quarter: nstr,
              filingType: nstr,
              sourceUrl: str,
              pageNumbers: { type: 'array', items: int },
              segments: { type: 'array', items: SEGMENT_SCHEMA },
            },
          },
        },
      },
    },
    meta: {
      type: 'object',
      properties: {
        total: int,
        topK: { ...int, description: 'top_k after the plan clamp' },
        periodMismatch: {
          type: ['object', 'null'],
          properties: { requested: str, served: str, message: str },
        },
        embeddingModel: str,
        embedder: {
          type: 'string',
          description:
            "'ready', or the embedder's state and reason when the answer is full text alone (every score null): 'initializing; full text only', 'failed: <reason>; full text only'",
        },
        requestId: str,
      },
    },
  },
};

/** The upstream document is not in a format the parser understands. Never retried. */
export class ParseError extends Error {
  override name = 'ParseError';
  constructor(
    message: string,
    readonly document?: string,
    options?: { cause?: unknown },
  ) {
    super(document ? `${message} (${document})` : message, options);
  }
}

/** The upstream answered but does not have the document (404, S3 NoSuchKey). Recorded, not retried. */
export class UpstreamNotFoundError extends Error {
  override name = 'UpstreamNotFoundError';
  constructor(readonly url: string) {
    super(`upstream has no document at ${url}`);
  }
}

/** The upstream failed or throttled past the retry budget. Retried later by the job runtime. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    readonly attempts?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

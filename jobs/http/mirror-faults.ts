import { z } from 'zod';

/**
 * The mirror's fault rules: which requests fail, and how. The first rule that matches a request and has uses
 * left applies to it, and spends one use.
 *
 * `path` is a prefix of the request path (`/data.sec.gov/submissions/`), or a regular expression written
 * `/.../flags` (recognised by a regex metacharacter between the slashes, since plain prefixes also start and
 * end with '/'), or a RegExp when set programmatically.
 */
const faultRuleSchema = z
  .object({
    path: z.union([z.string().min(1), z.instanceof(RegExp)]),
    /** Answer with this status and a short text body instead of the file. */
    status: z.number().int().min(100).max(599).optional(),
    /** Sent as the Retry-After header: delta-seconds or an HTTP-date. */
    retryAfter: z.union([z.number().nonnegative(), z.string()]).optional(),
    /** How many matching requests the rule applies to; unlimited when absent. */
    times: z.number().int().positive().optional(),
    /** Declare the full Content-Length, send only this many bytes, then drop the connection. */
    truncate: z.number().int().nonnegative().optional(),
    /** Wait before answering (alone: then serve the file normally). */
    delayMs: z.number().nonnegative().optional(),
    /** Answer 403 (or `status`) with the SEC's "Request Rate Threshold Exceeded" page. */
    throttlePage: z.literal(true).optional(),
  })
  .strict();

export type FaultRule = z.input<typeof faultRuleSchema>;
export type Fault = z.output<typeof faultRuleSchema>;

interface ActiveFault {
  rule: Fault;
  matches: (requestPath: string) => boolean;
  remaining: number;
}

const REGEX_SOURCE = /^\/(.+)\/([dgimsuy]*)$/;
const REGEX_META = /[\\^$*+?()[\]{}|]/;

function compileMatcher(p: string | RegExp): (requestPath: string) => boolean {
  if (p instanceof RegExp) {
    const compiled = new RegExp(p.source, p.flags.replace('g', ''));
    return (s) => compiled.test(s);
  }
  const re = REGEX_SOURCE.exec(p);
  if (re && REGEX_META.test(re[1]!)) {
    const compiled = new RegExp(re[1]!, re[2]!.replace('g', ''));
    return (s) => compiled.test(s);
  }
  return (s) => s.startsWith(p);
}

export interface FaultTable {
  /** Replaces every rule; throws a ZodError on a malformed rule (nothing is replaced then). */
  set(rules: unknown): void;
  clear(): void;
  /** The fault for this request, if any, spending one of its uses. */
  take(requestPath: string): Fault | undefined;
}

export function createFaultTable(): FaultTable {
  let active: ActiveFault[] = [];
  return {
    set(rules) {
      active = z
        .array(faultRuleSchema)
        .parse(rules)
        .map((rule) => ({
          rule,
          matches: compileMatcher(rule.path),
          remaining: rule.times ?? Number.POSITIVE_INFINITY,
        }));
    },
    clear() {
      active = [];
    },
    take(requestPath) {
      const hit = active.find((f) => f.remaining > 0 && f.matches(requestPath));
      if (hit) hit.remaining -= 1;
      return hit?.rule;
    },
  };
}

import type { ChildProcess } from 'node:child_process';

/**
 * Waiting on a child process (`etl` spawned by a test) on a slow or loaded host. A test must fail when the
 * behaviour is wrong, not because a busy 2-core machine (load 15-30 on CI) took longer than a fixed number
 * of seconds to start a process, open the embedded database or answer: every wait on a child is on the
 * condition itself (its output, its request, its exit) with one generous overall bound per test, and the
 * test's own vitest timeout sits above that bound, so that when the bound is hit the failure says what was
 * awaited and shows the child's stderr tail (not vitest's bare "Test timed out").
 *
 * TEST_SLOW_FACTOR (default 1) scales the bound for a host slower still.
 */
export const SLOW_FACTOR = Math.max(1, Number(process.env.TEST_SLOW_FACTOR) || 1);

/**
 * The overall bound on the waits of one test on its child processes: 10 minutes, scaled (status-through-server's
 * six `etl` processes took 254 s in all at load 15-18 with four busy loops beside it; 111 s at load 10).
 */
export const CHILD_BUDGET_MS = 600_000 * SLOW_FACTOR;

/**
 * The vitest timeout of such a test, and of a slow hook of the same files (a database opened and seeded): above
 * the bound, so the bound fails first.
 */
export const CHILD_TEST_TIMEOUT_MS = CHILD_BUDGET_MS + 30_000;

/** The last `n` characters of a child's output, for a failure message. */
export const tail = (text: string, n = 2000) =>
  (text.length > n ? `...${text.slice(-n)}` : text) || '(empty)';

/** One test's deadline: every wait of the test takes what remains of the same budget. */
export class ChildDeadline {
  readonly at: number;
  constructor(ms = CHILD_BUDGET_MS) {
    this.at = Date.now() + ms;
  }
  remaining(): number {
    return Math.max(1, this.at - Date.now());
  }
}

/** The error a failed wait throws: what was awaited, why it stopped, the child's stderr tail. */
export function waitError(what: string, why: string, stderr: string): Error {
  return new Error(`${what}: ${why}\n--- child stderr (tail) ---\n${tail(stderr)}`);
}

/**
 * Polls `done` until it holds; fails (with what was awaited and the stderr tail) when the child exits first or
 * the deadline passes.
 */
export async function waitForChild(
  what: string,
  done: () => boolean,
  opts: { child: ChildProcess; stderr: () => string; deadline: ChildDeadline; intervalMs?: number },
): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (opts.child.exitCode !== null || opts.child.signalCode !== null)
      throw waitError(
        what,
        `the child exited first (code ${opts.child.exitCode}, signal ${opts.child.signalCode})`,
        opts.stderr(),
      );
    if (Date.now() > opts.deadline.at)
      throw waitError(what, `not seen after ${Math.round((Date.now() - started) / 1000)} s`, opts.stderr());
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}

/** Resolves with the exit code once the child exits; fails with the stderr tail when the deadline passes. */
export function childExit(
  what: string,
  child: ChildProcess,
  stderr: () => string,
  deadline: ChildDeadline,
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const started = Date.now();
    const timer = setTimeout(() => {
      const waited = Math.round((Date.now() - started) / 1000);
      reject(waitError(what, `the child had not exited after ${waited} s`, stderr()));
    }, deadline.remaining());
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/**
 * Runs `promise` (a call that waits on a child: an MCP request, an `execFile`) and, when it fails, says what
 * was awaited and adds the child's stderr tail to the message.
 */
export async function awaitingChild<T>(what: string, promise: Promise<T>, stderr: () => string): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    throw waitError(what, e instanceof Error ? e.message : String(e), stderr());
  }
}

/**
 * `execFile` options for a child bounded by what remains of the test's deadline, and the message when that
 * bound killed it (`killed` is set and `code` is null): what was awaited and its stderr tail.
 */
export function execBound(deadline: ChildDeadline) {
  return { timeout: deadline.remaining(), killSignal: 'SIGKILL' as const };
}
export function execTimedOut(
  what: string,
  e: { killed?: boolean; code?: unknown; signal?: unknown; stderr?: unknown },
): Error | undefined {
  if (!e.killed || e.code !== null) return undefined;
  return waitError(
    what,
    `did not exit within the test's bound (killed with ${e.signal})`,
    String(e.stderr ?? ''),
  );
}

/**
 * The declared routes' requests between the start of their pipeline and their answer (pipeline.ts), so that
 * the API's close() settles credits and flushes usage only once they are all answered. The HTTP server's close
 * waits for open connections, not for requests: a request whose client hung up mid-query has no connection
 * left, and its pipeline went on after close() had settled the credit holds and written the last usage batch
 * (its usage event was then never written).
 */
export class InFlight {
  /** Requests in their pipeline now. */
  count = 0;
  private onIdle: (() => void) | null = null;

  enter(): void {
    this.count++;
  }

  leave(): void {
    this.count--;
    if (this.count === 0 && this.onIdle !== null) {
      const idle = this.onIdle;
      this.onIdle = null;
      idle();
    }
  }

  /** Resolves true once no request is in flight, or false after `ms` with requests still in flight. */
  drained(ms: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.onIdle = null;
        resolve(false);
      }, ms);
      this.onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}

import { createServer, type Server } from 'node:http';
import type { Logger } from './logger.ts';
import { registry } from './metrics.ts';

/**
 * The Prometheus scrape endpoint, on its own port so the public API never exposes it: `GET /metrics`
 * (text exposition format). Bound to METRICS_HOST (127.0.0.1 by default); anything else is a 404.
 */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(opts: {
  host: string;
  port: number;
  logger?: Logger;
}): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/metrics') {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (err: Error) => {
          opts.logger?.error({ err: err.message }, 'metrics collection failed');
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('metrics collection failed\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found: scrape /metrics\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const a = server.address();
  const port = typeof a === 'object' && a ? a.port : opts.port;
  const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}/metrics`;
  opts.logger?.info({ url }, 'metrics endpoint listening');
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

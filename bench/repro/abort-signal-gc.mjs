// Does this Node lose an AbortSignal.timeout combined by AbortSignal.any when the heap is collected?
// `node --expose-gc bench/repro/abort-signal-gc.mjs [warm-up calls]` (no dependencies). The attempt below is
// the shape our HTTP client had until the stall of 2026-11-29: after ~1,000 warm-up calls (its code then
// optimized) the first attempt on a silent server printed STUCK on Node 20.20.2 (nodejs/node#57736); the
// client now arms its own setTimeout, which the second attempt shape shows firing every time.
import http from 'node:http';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const server = http.createServer((req, res) => {
  if (req.url === '/ok') res.end('ok'); // any other path is never answered
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

async function withAny(url, stop) {
  try {
    const timeout = AbortSignal.timeout(300);
    const res = await fetch(url, { signal: AbortSignal.any([timeout, stop]) });
    await res.arrayBuffer();
    return 'answered';
  } catch (e) {
    return e.name;
  }
}
async function withTimer(url, stop) {
  const timer = new AbortController();
  const clock = setTimeout(() => timer.abort(new DOMException('attempt timed out', 'TimeoutError')), 300);
  try {
    const res = await fetch(url, { signal: AbortSignal.any([timer.signal, stop]) });
    await res.arrayBuffer();
    return 'answered';
  } catch (e) {
    return e.name;
  } finally {
    clearTimeout(clock);
  }
}

const warmUp = Number(process.argv[2] ?? 1500);
for (const [name, attempt] of [
  ['AbortSignal.timeout in any', withAny],
  ['own setTimeout', withTimer],
]) {
  for (let i = 0; i < warmUp; i++) await attempt(`${base}/ok`, new AbortController().signal);
  const results = [];
  for (let i = 0; i < 3; i++) {
    const collect = setInterval(() => globalThis.gc(), 50);
    const t0 = Date.now();
    const r = await Promise.race([
      attempt(`${base}/silent`, new AbortController().signal),
      new Promise((r) => setTimeout(() => r('STUCK'), 3000)),
    ]);
    clearInterval(collect);
    results.push(`${r} ${Date.now() - t0} ms`);
  }
  console.log(JSON.stringify({ node: process.version, shape: name, warmUp, results }));
}
server.closeAllConnections();
server.close();
process.exit(0);

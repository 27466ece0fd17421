import { loadCliRegistry } from './cli/news/parse-feed.ts';
for (let i = 0; i < 3; i++) { const t = performance.now(); loadCliRegistry(); console.log('loadCliRegistry', (performance.now() - t).toFixed(0), 'ms'); }

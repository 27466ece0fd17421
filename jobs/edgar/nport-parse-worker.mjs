// The parse thread's entry: TypeScript through tsx's loader, registered in this thread (a worker does not
// inherit the parent's loader, whatever started the parent: bin/etl.js, `node --import tsx`, vitest).
import { register } from 'tsx/esm/api';

register();
await import('./nport-parse-worker.ts');

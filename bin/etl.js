#!/usr/bin/env node
// The operator CLI. TypeScript runs through tsx's loader, so there is no build step to remember.
import { register } from 'tsx/esm/api';

register();
await import('../cli/index.ts');

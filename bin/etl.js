#!/usr/bin/env node
// The operator CLI. TypeScript runs through tsx's loader, so there is no build step to remember.
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

// A .env in the working directory (the file docker compose reads; `cp .env.example .env`). Variables
// already set in the environment win over the file: Node's loader never overwrites them.
if (existsSync('.env')) process.loadEnvFile('.env');
register();
await import('../cli/index.ts');

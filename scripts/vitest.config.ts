import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (lint rules, CI helpers).
export default defineConfig({ test: { name: 'tooling', include: ['**/*.test.js'] } });

// Every test sees the registry as the app and the worker do: every method and step module.
import '../src/worker/discover.ts';
import { expect } from 'vitest';
import { sameBytes } from './sameBytes.ts';

// Typed arrays with the same bytes compare at once (test/sameBytes.ts). Once per process: this
// file runs before each file, and a worker's files share the process (isolate: false in
// vitest.config.ts) and Vitest's list of testers.
const matchers = (globalThis as Record<symbol, { customEqualityTesters?: { name: string }[] }>)[
  Symbol.for('$$jest-matchers-object')
];
if (!matchers?.customEqualityTesters?.some((tester) => tester.name === sameBytes.name))
  expect.addEqualityTesters([sameBytes]);

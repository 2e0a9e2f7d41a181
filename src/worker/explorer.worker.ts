import { expose } from 'comlink';
import { createExplorerApi } from './api.ts';
import './discover.ts';
import { registerMethod } from '../core/platform/registry.ts';

expose(createExplorerApi());

// A page opened with ?testing=failing-method names its workers so (src/app/testing.ts): they
// register the test fixture too, loaded only then (milliseconds, long before a run asks for it).
if (self.name.includes('testing: failing-method'))
  void import('../core/testing/failingMethod.ts').then((m) => registerMethod(m.failingMethod));

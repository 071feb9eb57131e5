import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// How a server test file earns its place in SERVER_SHARED (ADR 1020): the files named one per line
// in ORDER_FILES run in one process, in name order, then again with ORDER=reverse; both runs must
// give what the files give alone. ORDER_ISOLATE=1 runs the same files a process each (the CPU
// comparison). Example:
//   ORDER_FILES=list.txt npx vitest run -c vitest.order.config.ts
//   ORDER_FILES=list.txt ORDER=reverse npx vitest run -c vitest.order.config.ts
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    return process.env.ORDER === 'reverse' ? sorted.reverse() : sorted;
  }
}

const server = base.test!.projects!.find(
  (p) => typeof p === 'object' && 'test' in p && p.test?.name === 'server-shared',
) as { test: Record<string, unknown> };

export default defineConfig({
  test: {
    ...server.test,
    name: 'order',
    include: fs.readFileSync(process.env.ORDER_FILES!, 'utf8').split('\n').filter(Boolean),
    isolate: process.env.ORDER_ISOLATE === '1',
    maxWorkers: 1,
    sequence: { sequencer: ByName },
  },
});

import { getHeapSpaceStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { heapLimitMb, relaunchWithHeapLimit } from '../heap-limit';

// Test fixture: what a server started with LOCUS_HEAP_MB sees (heap-limit.int.spec.ts).
if (relaunchWithHeapLimit(Number(process.env.LOCUS_HEAP_MB))) await new Promise(() => undefined);
const MB = 1024 * 1024;
const newSpaceMb = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size / MB;
// A worker thread made after the server started, as the history's thread and the projections are.
const workerNewSpaceMb = await new Promise<number>((resolve, reject) => {
  const worker = new Worker(
    `const { getHeapSpaceStatistics } = require('node:v8');
     require('node:worker_threads').parentPort.postMessage(getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / ${MB});`,
    { eval: true },
  );
  worker.once('message', (mb: number) => void worker.terminate().then(() => resolve(mb)));
  worker.once('error', reject);
});
process.stdout.write(`${JSON.stringify({ heapLimitMb: heapLimitMb(), execArgv: process.execArgv, newSpaceMb: newSpaceMb(), workerNewSpaceMb })}\n`);

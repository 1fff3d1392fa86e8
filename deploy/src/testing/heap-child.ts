import { heapLimitMb, relaunchWithHeapLimit } from '../heap-limit';

// Test fixture: what a server started with LOCUS_HEAP_MB sees (heap-limit.int.spec.ts).
if (relaunchWithHeapLimit(Number(process.env.LOCUS_HEAP_MB))) await new Promise(() => undefined);
process.stdout.write(`${JSON.stringify({ heapLimitMb: heapLimitMb(), execArgv: process.execArgv })}\n`);

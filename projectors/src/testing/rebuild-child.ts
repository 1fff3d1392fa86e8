import { shopProjection } from '@locus/platform/runtime/testing/shop-projection';
import { runProjectionsCli } from '../projections-cli';

/**
 * The projections CLI over the test projection, run as a child process by
 * rebuild-sigkill.int.spec.ts. REBUILD_TEST_PAUSE_MS slows each batch down so the test can
 * kill the process in the middle of a rebuild rather than racing it to the end.
 */
const pauseMs = Number(process.env.REBUILD_TEST_PAUSE_MS ?? 0);
const code = await runProjectionsCli(process.argv.slice(2), {
  projections: [shopProjection()],
  afterBatch: pauseMs > 0 ? () => new Promise<void>((resolve) => setTimeout(resolve, pauseMs)) : undefined,
});
process.exit(code);

import { projections } from './features';
import { runProjectionsCli } from './projections-cli';

// `npm run projections -- rebuild [name]` / `status`. Ctrl-C stops a rebuild after its
// current batch; running it again resumes from the new generation's checkpoint.
const controller = new AbortController();
let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write(`\n${sig}: stopping after the current batch (again to quit at once)\n`);
    controller.abort();
  });
}

const code = await runProjectionsCli(process.argv.slice(2), { projections, signal: controller.signal });
process.exit(code);

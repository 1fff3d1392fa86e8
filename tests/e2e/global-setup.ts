import { ensureWebBuilt } from './stack-fixture';

/** Builds web/dist once before any test file runs (browser tests serve it). */
export default function setup(): void {
  ensureWebBuilt();
}

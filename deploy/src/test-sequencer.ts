import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files are handed to a group's workers. Vitest's own runs the projects of a group one
 * after another by name, so int-isolated (the files that start, kill and time child processes, the
 * longest of the group) came last and one long file ran on alone at the end. Here the files of
 * isolated projects go first, longest first across projects; then each shared-worker project's
 * files together (a worker is reused only while the next file is of its project), longest first.
 * Longest is the last run's duration; a file never run goes first, then the larger file.
 */
export default class GroupSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache } = this.ctx;
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
    const duration = (spec: TestSpecification) => cache.getFileTestResults(key(spec))?.duration;
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? 0;
    const shared = (spec: TestSpecification) => spec.project.config.isolate === false;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (shared(a) !== shared(b)) return shared(a) ? 1 : -1;
      if (shared(a) && a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const [da, db] = [duration(a), duration(b)];
      if (da === undefined || db === undefined) return da === db ? size(b) - size(a) : da === undefined ? -1 : 1;
      return db - da;
    });
  }
}

import type { Doc } from '../read-store';

/**
 * Parsed documents by key, least recently used dropped first: the embedded read store's only
 * document memory, bounded whatever the data size. A Map keeps insertion order, so a hit is
 * moved to the end and the first key is the oldest.
 */
export class DocCache {
  private readonly docs = new Map<string, Doc>();
  hits = 0;
  misses = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.docs.size;
  }

  get(key: string): Doc | undefined {
    const doc = this.docs.get(key);
    if (doc === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.docs.delete(key);
    this.docs.set(key, doc);
    return doc;
  }

  set(key: string, doc: Doc): void {
    if (this.capacity <= 0) return;
    this.docs.delete(key);
    this.docs.set(key, doc);
    if (this.docs.size > this.capacity) this.docs.delete(this.docs.keys().next().value!);
  }

  delete(key: string): void {
    this.docs.delete(key);
  }

  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.docs.keys()]) if (test(key)) this.docs.delete(key);
  }
}

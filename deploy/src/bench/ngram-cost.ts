import { documentNgrams, translateTextFilter } from '@locus/platform/read-store/mongo-text-search';

/**
 * What the MongoDB adapter's n-gram search field costs on the client: trigrams per document and
 * the time to compute them, for location-like search texts (docs/performance.md).
 * Run: npx tsx deploy/src/bench/ngram-cost.ts
 */
const words = ['pearl', 'street', 'bakery', 'coffee', 'main', 'st', 'austin', 'denver', 'north', 'dental', 'books', 'market', 'suite', 'avenue'];
let seed = 7;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
const texts = Array.from({ length: 20_000 }, (_, i) => {
  const parts = Array.from({ length: 10 + rand(10) }, () => words[rand(words.length)]);
  return `${parts.join(' ')} ${1000 + rand(9000)} bn-${String(i).padStart(5, '0')} tx ${78000 + rand(1000)}`;
});
for (let round = 0; round < 3; round++) {
  let grams = 0;
  let chars = 0;
  const started = process.hrtime.bigint();
  for (const searchText of texts) {
    grams += documentNgrams({ _id: 'x', searchText }, ['searchText']).length;
    chars += searchText.length;
  }
  const ns = Number(process.hrtime.bigint() - started);
  const filters = process.hrtime.bigint();
  for (let i = 0; i < 20_000; i++) translateTextFilter({ companyId: 'c', searchText: { $regex: 'pearl st' } }, ['searchText']);
  const filterNs = Number(process.hrtime.bigint() - filters);
  console.log(
    `round ${round + 1}: ${(chars / texts.length).toFixed(0)} chars, ${(grams / texts.length).toFixed(0)} distinct trigrams a document, ` +
      `${(ns / texts.length / 1000).toFixed(1)} µs a document, ${(filterNs / 20_000 / 1000).toFixed(2)} µs a search filter`,
  );
}

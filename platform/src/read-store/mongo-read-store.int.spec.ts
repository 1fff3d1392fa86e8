import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe } from 'vitest';
import { createMongoReadStore } from './mongo-read-store';
import { readStoreContract } from './read-store.contract';

// No MongoDB server can be installed on the machines these tests usually run on, so this
// suite runs only when MONGODB_URL points at a replica set (transactions need one), e.g.
// MONGODB_URL=mongodb://localhost:27017/?replicaSet=rs0 with deploy/'s compose file.
// Without it the suite is reported as skipped under a title that says so.
const url = process.env.MONGODB_URL;
const databases: string[] = [];
let lastDb = '';

describe.skipIf(!url)(url ? 'MongoDB adapter' : 'MongoDB adapter — NOT RUN: MONGODB_URL is not set', () => {
  afterAll(async () => {
    const client = new MongoClient(url!);
    try {
      for (const name of databases) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });

  readStoreContract(
    'MongoDB',
    async () => {
      lastDb = `locus_contract_${randomUUID().slice(0, 8)}`;
      databases.push(lastDb);
      return createMongoReadStore({ url: url!, dbName: lastDb });
    },
    { reopen: async () => createMongoReadStore({ url: url!, dbName: lastDb }) },
  );
});

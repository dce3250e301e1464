import { mongo } from 'mongoose';
import { createTestEnv, type TestEnv } from './support/test-env';

/**
 * The application relies on MongoDB's single-document atomicity (counters,
 * conditional claims such as "sign once"). The embedded server must keep it
 * under concurrency from several connections, exactly like MongoDB does.
 */
describe('single-document writes under concurrency', () => {
  let env: TestEnv;
  let clients: mongo.MongoClient[];

  beforeAll(async () => {
    env = createTestEnv(__filename);
    clients = await Promise.all(
      Array.from({ length: 6 }, () => new mongo.MongoClient(env.config.MONGODB_URI).connect()),
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await env.cleanup();
  });

  const collection = (i: number) => clients[i % clients.length].db().collection('counters');

  it('loses no $inc from concurrent connections', async () => {
    await collection(0).insertOne({ name: 'views', count: 0 });
    await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        collection(i).updateOne({ name: 'views' }, { $inc: { count: 1 } }),
      ),
    );
    expect((await collection(0).findOne({ name: 'views' }))?.count).toBe(120);
  });

  it('keeps every field set by concurrent updates of one document', async () => {
    await collection(0).insertOne({ name: 'fields' });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        collection(i).updateOne({ name: 'fields' }, { $set: { [`field${i}`]: i } }),
      ),
    );
    const doc = await collection(0).findOne({ name: 'fields' });
    expect(Object.keys(doc ?? {}).filter((key) => key.startsWith('field'))).toHaveLength(40);
  });

  it('lets exactly one of many concurrent conditional claims win', async () => {
    await collection(0).insertOne({ name: 'claim', status: 'open' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        collection(i).findOneAndUpdate(
          { name: 'claim', status: 'open' },
          { $set: { status: 'claimed', by: i } },
        ),
      ),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });
});

import type { Collection, mongo } from 'mongoose';

const DUPLICATE_KEY = 11000;

/**
 * Inserts documents whose `_id` is not taken yet and leaves existing ones as
 * they are; resolves with how many were new. Used instead of
 * `updateOne(..., { $setOnInsert }, { upsert: true })`, which FerretDB v1
 * executes without the empty arrays and nulls of the inserted document.
 */
export async function insertIfAbsent<T extends { _id: string }>(
  collection: Collection<T>,
  docs: T[],
): Promise<number> {
  if (docs.length === 0) return 0;
  try {
    const result = await collection.insertMany(
      docs as unknown as mongo.OptionalUnlessRequiredId<T>[],
      {
        ordered: false,
      },
    );
    return result.insertedCount;
  } catch (error) {
    const bulk = error as {
      code?: number;
      writeErrors?: unknown;
      insertedCount?: number;
      result?: { insertedCount?: number };
    };
    const writeErrors = bulk.writeErrors
      ? ((Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors]) as Array<{
          code?: number;
        }>)
      : bulk.code === DUPLICATE_KEY
        ? [{ code: DUPLICATE_KEY }]
        : [];
    if (writeErrors.length === 0 || writeErrors.some((e) => e.code !== DUPLICATE_KEY)) throw error;
    return bulk.insertedCount ?? bulk.result?.insertedCount ?? docs.length - writeErrors.length;
  }
}

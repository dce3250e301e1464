// What a database holds, per collection (collStats: data size, storage, indexes, documents),
// and what a phase of a bench added per agreement. The local stand-ins' collections (the
// CRM's `crm_*`, the mail catcher's `caught_*`) are reported apart: production keeps those
// in HubSpot and the mail server, not in ProSign's database.

const STAND_IN = /^(crm_|caught_)/;

/** Every collection's sizes in bytes, by name. */
export async function storageOf(db) {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((collection) => collection.name)
    .filter((name) => !name.startsWith('system.'));
  const sizes = {};
  for (const name of names) {
    const stats = await db.command({ collStats: name });
    sizes[name] = {
      dataBytes: Number(stats.size ?? 0),
      storageBytes: Number(stats.storageSize ?? 0),
      indexBytes: Number(stats.totalIndexSize ?? 0),
      count: Number(stats.count ?? 0),
    };
  }
  return sizes;
}

/**
 * What `after` holds beyond `before`, divided by `per` (bytes per agreement): ProSign's own
 * collections by size, the largest first, and the stand-ins' total apart.
 */
export function growthPer(before, after, per) {
  const rows = Object.entries(after).map(([name, now]) => {
    const then = before[name] ?? { dataBytes: 0, storageBytes: 0, indexBytes: 0, count: 0 };
    return {
      name,
      dataBytes: (now.dataBytes - then.dataBytes) / per,
      indexBytes: (now.indexBytes - then.indexBytes) / per,
      documents: (now.count - then.count) / per,
    };
  });
  const own = rows.filter((row) => !STAND_IN.test(row.name) && row.dataBytes + row.indexBytes > 0);
  own.sort((a, b) => b.dataBytes + b.indexBytes - (a.dataBytes + a.indexBytes));
  const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
  const standIns = rows.filter((row) => STAND_IN.test(row.name));
  return {
    dataBytes: sum(own, 'dataBytes'),
    indexBytes: sum(own, 'indexBytes'),
    collections: own,
    standInBytes: sum(standIns, 'dataBytes') + sum(standIns, 'indexBytes'),
  };
}

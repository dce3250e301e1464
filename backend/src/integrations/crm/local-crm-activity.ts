import type { CrmActivityRecordType, CrmRecordActivity } from './crm.port';
import type { LocalCrmCollections } from './local-crm.collections';

/**
 * A local deal's or project's activity (`CrmPort.readRecordActivity`): the notes on it, the
 * files attached to them and, for a deal, its stage history; null when there is no such record.
 */
export async function readLocalCrmActivity(
  db: LocalCrmCollections,
  type: CrmActivityRecordType,
  id: string,
): Promise<CrmRecordActivity | null> {
  const record = await db[type].findOne({ _id: id });
  if (!record) return null;
  const [notes, changes] = await Promise.all([
    db.notes.find({ 'on.id': id }).sort({ timestamp: -1 }).toArray(),
    type === 'deals'
      ? db.stageHistory.find({ dealId: id }).sort({ at: 1 }).toArray()
      : Promise.resolve([]),
  ]);
  // Notes of a deal written before notes named every record carry only the deal's id.
  const dealNotes =
    type === 'deals'
      ? await db.notes
          .find({ dealId: id, on: { $exists: false } })
          .sort({ timestamp: -1 })
          .toArray()
      : [];
  const allNotes = [...notes, ...dealNotes].sort(
    (a, b) => new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime(),
  );
  const fileIds = [...new Set(allNotes.flatMap((note) => note.attachmentIds ?? []))];
  const files = fileIds.length
    ? await db.files
        .find({ _id: { $in: fileIds } }, { projection: { bytes: 0 } })
        .sort({ createdAt: -1 })
        .toArray()
    : [];
  return {
    properties: record.properties ?? {},
    notes: allNotes.map((note) => ({
      id: note._id,
      at: new Date(note.timestamp),
      body: note.body,
      attachmentIds: note.attachmentIds ?? [],
    })),
    files: files.map((file) => ({
      id: file._id,
      folder: file.folder,
      name: file.name,
      size: file.size,
      createdAt: new Date(file.createdAt),
    })),
    stageChanges: changes.map((change) => ({
      at: new Date(change.at),
      from: change.from,
      to: change.to,
    })),
  };
}

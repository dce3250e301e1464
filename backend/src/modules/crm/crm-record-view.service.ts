import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { CrmRecordActivityView, CrmRecordViewType, CrmStageRef } from '@prosign/domain';
import type { Connection } from 'mongoose';
import {
  CRM_PORT,
  localCrmCollections,
  readLocalCrmFile,
  type CrmPort,
} from '../../integrations/crm';

const CRM_RECORD_VIEW_LOCAL_ONLY =
  'The CRM record view shows the local CRM. With HubSpot, open the record in HubSpot.';

/**
 * The admins' "CRM record" view of the local CRM (issue 36 item 6): a deal or project with
 * the notes, files and stage history ProSign wrote on it. Reads the local CRM's collections
 * (the port has no such read: HubSpot shows its own record).
 */
@Injectable()
export class CrmRecordViews {
  private readonly db;

  constructor(
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    @InjectConnection() connection: Connection,
  ) {
    this.db = localCrmCollections(connection);
  }

  async view(type: CrmRecordViewType, id: string): Promise<CrmRecordActivityView> {
    this.assertLocal();
    const record = await this.db[type].findOne({ _id: id });
    if (!record) {
      throw new NotFoundException(
        `${type === 'deals' ? 'Deal' : 'Project'} ${id} not found in the CRM`,
      );
    }
    const [notes, pipelines, changes] = await Promise.all([
      this.db.notes.find({ 'on.id': id }).sort({ timestamp: -1 }).toArray(),
      type === 'deals' ? this.crm.listPipelines() : Promise.resolve([]),
      type === 'deals'
        ? this.db.stageHistory.find({ dealId: id }).sort({ at: 1 }).toArray()
        : Promise.resolve([]),
    ]);
    // Notes of a deal written before notes named every record carry only the deal's id.
    const dealNotes =
      type === 'deals'
        ? await this.db.notes
            .find({ dealId: id, on: { $exists: false } })
            .sort({ timestamp: -1 })
            .toArray()
        : [];
    const allNotes = [...notes, ...dealNotes].sort(
      (a, b) => new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime(),
    );
    const fileIds = [...new Set(allNotes.flatMap((note) => note.attachmentIds ?? []))];
    const files = fileIds.length
      ? await this.db.files
          .find({ _id: { $in: fileIds } }, { projection: { bytes: 0 } })
          .sort({ createdAt: -1 })
          .toArray()
      : [];
    const properties = record.properties ?? {};
    const pipeline = pipelines.find((candidate) => candidate.id === properties.pipeline) ?? null;
    const stageRef = (stageId: string | null): CrmStageRef | null =>
      stageId
        ? {
            id: stageId,
            label: pipeline?.stages.find((stage) => stage.id === stageId)?.label ?? stageId,
          }
        : null;
    return {
      type,
      id,
      name: properties.dealname ?? properties.project_name ?? properties.address ?? id,
      properties,
      pipeline: pipeline ? { id: pipeline.id, label: pipeline.label } : null,
      stage: stageRef(properties.dealstage ?? null),
      notes: allNotes.map((note) => ({
        id: note._id,
        at: new Date(note.timestamp).toISOString(),
        body: note.body,
        attachments: (note.attachmentIds ?? []).flatMap((fileId) => {
          const file = files.find((candidate) => candidate._id === fileId);
          return file ? [{ id: file._id, name: file.name, size: file.size }] : [];
        }),
      })),
      files: files.map((file) => ({
        id: file._id,
        name: file.name,
        folder: file.folder,
        size: file.size,
        createdAt: new Date(file.createdAt).toISOString(),
      })),
      stageHistory: changes.map((change) => ({
        at: new Date(change.at).toISOString(),
        from: stageRef(change.from),
        to: stageRef(change.to)!,
      })),
    };
  }

  /** A file's bytes and name, for the view's download link. */
  async file(fileId: string): Promise<{ name: string; contentType: string; bytes: Buffer }> {
    this.assertLocal();
    const file = await readLocalCrmFile(this.db, fileId);
    if (!file) throw new NotFoundException(`File ${fileId} not found in the CRM`);
    return { name: file.name, contentType: file.contentType, bytes: file.bytes };
  }

  private assertLocal(): void {
    if (this.crm.adapter !== 'local') throw new ConflictException(CRM_RECORD_VIEW_LOCAL_ONLY);
  }
}

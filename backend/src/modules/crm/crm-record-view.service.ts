import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { CrmRecordActivityView, CrmRecordViewType, CrmStageRef } from '@prosign/domain';
import { CRM_PORT, type CrmPort } from '../../integrations/crm';

/**
 * The admins' "CRM record" view of the local CRM: a deal or project with
 * the notes, files and stage history ProSign wrote on it, read through the CRM port (HubSpot
 * refuses: it shows its own record).
 */
@Injectable()
export class CrmRecordViews {
  constructor(@Inject(CRM_PORT) private readonly crm: CrmPort) {}

  async view(type: CrmRecordViewType, id: string): Promise<CrmRecordActivityView> {
    const activity = await this.crm.readRecordActivity(type, id);
    if (!activity) {
      throw new NotFoundException(
        `${type === 'deals' ? 'Deal' : 'Project'} ${id} not found in the CRM`,
      );
    }
    const pipelines = type === 'deals' ? await this.crm.listPipelines() : [];
    const { properties, notes, files } = activity;
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
      notes: notes.map((note) => ({
        id: note.id,
        at: note.at.toISOString(),
        body: note.body,
        attachments: note.attachmentIds.flatMap((fileId) => {
          const file = files.find((candidate) => candidate.id === fileId);
          return file ? [{ id: file.id, name: file.name, size: file.size }] : [];
        }),
      })),
      files: files.map((file) => ({
        id: file.id,
        name: file.name,
        folder: file.folder,
        size: file.size,
        createdAt: file.createdAt.toISOString(),
      })),
      stageHistory: activity.stageChanges.map((change) => ({
        at: change.at.toISOString(),
        from: stageRef(change.from),
        to: stageRef(change.to)!,
      })),
    };
  }

  /** A file's bytes and name, for the view's download link. */
  async file(fileId: string): Promise<{ name: string; contentType: string; bytes: Buffer }> {
    const file = await this.crm.readFile(fileId);
    if (!file) throw new NotFoundException(`File ${fileId} not found in the CRM`);
    return file;
  }
}

/**
 * The admins' "CRM record" view: a deal or project of the local CRM with the
 * notes, files and stage history ProSign wrote on it, so the whole loop can be seen offline.
 */

export const CRM_RECORD_VIEW_TYPES = ['deals', 'projects'] as const;
export type CrmRecordViewType = (typeof CRM_RECORD_VIEW_TYPES)[number];

export interface CrmStageRef {
  id: string;
  /** The stage's name in its pipeline; its id when the pipeline no longer has it. */
  label: string;
}

/** What `GET /api/admin/crm/records/{type}/{id}` answers. */
export interface CrmRecordActivityView {
  type: CrmRecordViewType;
  id: string;
  /** The deal's or project's name. */
  name: string;
  properties: Record<string, string | null>;
  /** Deals: their pipeline and stage now. */
  pipeline: { id: string; label: string } | null;
  stage: CrmStageRef | null;
  /** Newest first. */
  notes: Array<{
    id: string;
    at: string;
    body: string;
    attachments: Array<{ id: string; name: string; size: number }>;
  }>;
  /** Files attached to its notes, newest first. */
  files: Array<{ id: string; name: string; folder: string; size: number; createdAt: string }>;
  /** Deals: every stage change, oldest first. */
  stageHistory: Array<{ at: string; from: CrmStageRef | null; to: CrmStageRef }>;
}

/** The path of a CRM file's bytes (PDF), for the view's links. */
export function crmFilePath(fileId: string): string {
  return `/api/admin/crm/files/${encodeURIComponent(fileId)}`;
}

/** The admins' view of a CRM record in the staff app. */
export function crmRecordPagePath(type: CrmRecordViewType, id: string): string {
  return `/crm-record?type=${type}&id=${encodeURIComponent(id)}`;
}

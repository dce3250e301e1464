import { IsNotEmpty, IsString, Matches } from 'class-validator';

/** Job names of the `documents` queue; the processor handles each exactly once. */
export const DocumentsJob = {
  /** Renders (or re-renders after signing) a contract's PDF so the next view is instant. */
  RenderDocument: 'render-document',
  /** Builds an audit trail, combined-and-sealed or void PDF. */
  BuildDerivedDocument: 'build-derived-document',
  /** Gives sealed archives a fresh document time-stamp before theirs can no longer be checked (scheduled). */
  ExtendArchives: 'extend-archives',
} as const;

/** The archive job's scheduler id: one, whatever the number of workers upserting it. */
export const ARCHIVE_TIMESTAMPS_SCHEDULER = 'archive-timestamps';

export type DocumentsJobName = (typeof DocumentsJob)[keyof typeof DocumentsJob];

/** Payload of both jobs: the document to produce. The record says everything else. */
export class DocumentJobData {
  @IsString()
  @IsNotEmpty()
  @Matches(/^[A-Za-z0-9_-]{1,128}$/)
  docId: string;
}

/** Injection token of the active file-service adapter. */
export const FILE_SERVICE_PORT = Symbol('FILE_SERVICE_PORT');

/** The affiliate hub's registration of a signed contract PDF (spec 3 §7). */
export interface ContractFileRegistration {
  projectId: string;
  originalName: string;
  driveLink: string;
  fileType: string;
}

/** A registration the embedded file service recorded. */
export interface RecordedContractFile extends ContractFileRegistration {
  id: string;
  receivedAt: Date;
}

export interface FileServicePort {
  readonly adapter: 'local' | 'http';
  registerContractFile(file: ContractFileRegistration): Promise<void>;
  /**
   * The registrations this adapter recorded, newest first, for staff to check;
   * null when it records none (the real hub keeps its own).
   */
  recordedFiles(
    page: number,
    limit: number,
  ): Promise<{ records: RecordedContractFile[]; total: number } | null>;
}

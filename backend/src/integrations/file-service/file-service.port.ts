/** Injection token of the active file-service adapter. */
export const FILE_SERVICE_PORT = Symbol('FILE_SERVICE_PORT');

/** The affiliate hub's registration of a signed contract PDF (spec 3 §7). */
export interface ContractFileRegistration {
  projectId: string;
  originalName: string;
  driveLink: string;
  fileType: string;
}

export interface FileServicePort {
  readonly adapter: 'local' | 'http';
  registerContractFile(file: ContractFileRegistration): Promise<void>;
}

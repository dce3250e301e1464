import type { Collection, Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type {
  ContractFileRegistration,
  FileServicePort,
  RecordedContractFile,
} from './file-service.port';

const FILE_SERVICE_RECORDS = 'file_service_records';

interface FileServiceRecordDoc extends ContractFileRegistration {
  _id: string;
  receivedAt: Date;
}

function fileServiceRecords(connection: Connection): Collection<FileServiceRecordDoc> {
  return connection.collection<FileServiceRecordDoc>(
    FILE_SERVICE_RECORDS,
  ) as unknown as Collection<FileServiceRecordDoc>;
}

/** The embedded default: each registration is recorded in MongoDB, for staff to see. */
export class LocalFileServiceAdapter implements FileServicePort {
  readonly adapter = 'local' as const;

  constructor(private readonly connection: Connection) {}

  async registerContractFile(file: ContractFileRegistration): Promise<void> {
    await fileServiceRecords(this.connection).insertOne({
      _id: randomUUID(),
      projectId: file.projectId,
      originalName: file.originalName,
      driveLink: file.driveLink,
      fileType: file.fileType,
      receivedAt: new Date(),
    });
  }

  async recordedFiles(
    page: number,
    limit: number,
  ): Promise<{ records: RecordedContractFile[]; total: number }> {
    const records = fileServiceRecords(this.connection);
    const [docs, total] = await Promise.all([
      records
        .find({})
        .sort({ receivedAt: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .toArray(),
      records.countDocuments({}),
    ]);
    return { records: docs.map(({ _id, ...rest }) => ({ id: _id, ...rest })), total };
  }
}

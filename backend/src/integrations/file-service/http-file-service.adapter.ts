import { BadGatewayException, ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
import type {
  ContractFileRegistration,
  FileServicePort,
  RecordedContractFile,
} from './file-service.port';

const CONTRACT_SOW_UPLOAD_PATH = '/v1/pm/file/upload/contract-sow';

/** The affiliate hub over HTTP: `POST {FILE_SERVICE_URL}/v1/pm/file/upload/contract-sow`. */
export class HttpFileServiceAdapter implements FileServicePort {
  readonly adapter = 'http' as const;
  private readonly url: string;

  constructor(private readonly config: AppConfig) {
    this.url = `${(config.FILE_SERVICE_URL ?? '').replace(/\/+$/, '')}${CONTRACT_SOW_UPLOAD_PATH}`;
  }

  async registerContractFile(file: ContractFileRegistration): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.config.FILE_SERVICE_TOKEN
            ? { authorization: `Bearer ${this.config.FILE_SERVICE_TOKEN}` }
            : {}),
        },
        body: JSON.stringify({
          projectId: file.projectId,
          originalName: file.originalName,
          driveLink: file.driveLink,
          fileType: file.fileType,
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ServiceUnavailableException('The file service could not be reached');
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new BadGatewayException(
        `The file service answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
      );
    }
  }

  /** The affiliate hub keeps its own records. */
  recordedFiles(): Promise<{ records: RecordedContractFile[]; total: number } | null> {
    return Promise.resolve(null);
  }
}

import { toHttpError } from './hubspot-errors';
import type { CrmFile, CrmFileUpload } from './crm.port';

/** Files ProSign keeps in HubSpot: private (only signed-in users, or by a signed URL), never replaced. */
const FILE_OPTIONS = JSON.stringify({
  access: 'PRIVATE',
  overwrite: false,
  duplicateValidationStrategy: 'NONE',
  duplicateValidationScope: 'EXACT_FOLDER',
});

/**
 * The HubSpot adapter's files, over the Files API by fetch (multipart): the generated client's
 * upload takes a file path.
 */
export class HubSpotFiles {
  /**
   * @param files the API root and the private app's token.
   * @param limiter HubSpot's request limit shared by every replica (the adapter's).
   */
  constructor(
    private readonly files: { base: string; token: string },
    private readonly limiter?: { acquire(): Promise<unknown> },
  ) {}

  async uploadFile(file: CrmFileUpload): Promise<CrmFile> {
    const form = new FormData();
    form.append('file', new Blob([file.bytes], { type: file.contentType }), file.name);
    form.append('fileName', file.name);
    form.append('folderPath', file.folder);
    form.append('options', FILE_OPTIONS);
    const uploaded = await this.filesCall<{ id: string; name: string; size?: number }>(
      `File ${file.name}`,
      '/files/v3/files',
      { method: 'POST', body: form },
    );
    return { id: uploaded.id, folder: file.folder, name: file.name, size: file.bytes.length };
  }

  async findFile(folder: string, name: string): Promise<CrmFile | null> {
    // HubSpot's file `name` has no extension; its `path` is the folder, the name and the extension.
    const base = name.replace(/\.[A-Za-z0-9]+$/, '');
    const query = new URLSearchParams({ name: base, limit: '10' });
    const found = await this.filesCall<{
      results: Array<{ id: string; name: string; path?: string; size?: number }>;
    }>(`File ${name}`, `/files/v3/files/search?${query.toString()}`, { method: 'GET' });
    const path = `${folder.replace(/\/+$/, '')}/${name}`;
    const match = found.results.find((candidate) => candidate.path === path);
    return match ? { id: match.id, folder, name, size: match.size ?? 0 } : null;
  }

  /** A Files API call over fetch, with the token; failures as `call`'s. */
  private async filesCall<T>(what: string, path: string, init: RequestInit): Promise<T> {
    await this.limiter?.acquire();
    let response: Response;
    try {
      response = await fetch(`${this.files.base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.files.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw toHttpError(what, error);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: kept as text for the error.
    }
    if (!response.ok) {
      throw toHttpError(what, {
        code: response.status,
        body,
        headers: Object.fromEntries(response.headers),
      });
    }
    return body as T;
  }
}

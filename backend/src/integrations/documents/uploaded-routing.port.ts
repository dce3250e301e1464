import type { DocLinkMode } from '@prosign/domain';
import type {
  CopyTemplateRequest,
  DocumentsPort,
  SignatureParties,
  SignaturePlacement,
} from './documents.port';
import type { DocumentRepository } from './store/document.repository';
import type { DocumentRecord } from './store/document.schema';

/**
 * The documents port when the templates' engine is another one (Google Docs): the documents
 * made from an uploaded PDF (`DocumentRecord.uploaded`) are the local engine's whatever the
 * adapter, since no other engine can fill fields into a PDF; every other document goes to the
 * chosen engine.
 */
export class UploadedRoutingPort implements DocumentsPort {
  constructor(
    private readonly chosen: DocumentsPort,
    private readonly local: DocumentsPort,
    private readonly documents: DocumentRepository,
  ) {}

  get adapter() {
    return this.chosen.adapter;
  }

  /** The engine of a document: the local one for an upload. */
  private async engineOf(docId: string, known?: DocumentRecord): Promise<DocumentsPort> {
    const record = known?._id === docId ? known : await this.documents.find(docId);
    return record?.uploaded ? this.local : this.chosen;
  }

  copyTemplate(request: CopyTemplateRequest): Promise<{ docId: string }> {
    return this.chosen.copyTemplate(request);
  }

  async placeSignature(docId: string, placement: SignaturePlacement) {
    return (await this.engineOf(docId)).placeSignature(docId, placement);
  }

  async setSignatureParties(docId: string, parties: SignatureParties) {
    return (await this.engineOf(docId)).setSignatureParties(docId, parties);
  }

  async renameSigner(docId: string, recipientId: string, name: string) {
    const engine = await this.engineOf(docId);
    return engine.renameSigner
      ? engine.renameSigner(docId, recipientId, name)
      : { revision: (await this.documents.get(docId)).revision, renamed: false };
  }

  async unsignedCopy(docId: string): Promise<{ docId: string }> {
    return (await this.engineOf(docId)).unsignedCopy(docId);
  }

  async exportPdf(docId: string, record?: DocumentRecord): Promise<Buffer> {
    return (await this.engineOf(docId, record)).exportPdf(docId, record);
  }

  docLink(docId: string, mode: DocLinkMode): string {
    return this.chosen.docLink(docId, mode);
  }
}

import {
  BadRequestException,
  BadGatewayException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { auth, docs, type docs_v1 } from '@googleapis/docs';
import { drive, type drive_v3 } from '@googleapis/drive';
import { type DocLinkMode, placeholdersIn } from '@prosign/domain';
import { Readable } from 'node:stream';
import { AppConfig } from '../../platform/config/app-config';
import type {
  CopyTemplateRequest,
  DocumentsPort,
  SignatureParties,
  SignaturePlacement,
} from './documents.port';
import {
  findMarkers,
  GOOGLE_SIGNATURE_MARKERS,
  SIGNATURE_PLACED_RANGE,
  signatureRequests,
  textRuns,
} from './google-docs-requests';

const SCOPES = [
  'https://www.googleapis.com/auth/documents',
  'https://www.googleapis.com/auth/drive',
];

/** Why the Google engine refuses an agreement with several signers or a countersigner. */
export const GOOGLE_ONE_SIGNER_ONLY =
  'The Google documents engine supports one signer; use the local engine for several signers';

function refuseSeveralSigners(parties: SignatureParties | undefined): void {
  if (parties && (parties.signers.length > 1 || parties.countersigner)) {
    throw new BadRequestException(GOOGLE_ONE_SIGNER_ONLY);
  }
}

/** appProperties key of an uploaded signature image: the document it is for. */
const SIGNATURE_IMAGE_PROPERTY = 'prosignSignatureFor';

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

/**
 * Google Docs/Drive: a template is a Google Doc with `$placeholders`, registered in
 * ProSign's documents collection (kind `template`) under its Drive id: the documents
 * service copies no other Drive file the service account can read. A copy is
 * made in Drive, filled with replaceAllText, signed by inserting images at the
 * signature markers, and exported as PDF. Authenticates as a service account
 * with self-signed JWTs (no token endpoint round trip).
 */
@Injectable()
export class GoogleDocsAdapter implements DocumentsPort {
  readonly adapter = 'google' as const;
  private readonly logger = new Logger(GoogleDocsAdapter.name);
  private readonly docs: docs_v1.Docs;
  private readonly drive: drive_v3.Drive;
  /** googleapis builds upload URLs from per-call options only, so the root URL goes there too. */
  private readonly uploadOptions: { rootUrl?: string };

  constructor(config: AppConfig) {
    const key = JSON.parse(config.GOOGLE_SERVICE_ACCOUNT_JSON ?? '{}') as ServiceAccountKey;
    const client = new auth.JWT({
      email: key.client_email,
      key: key.private_key,
      keyId: key.private_key_id,
      scopes: SCOPES,
    });
    client.useJWTAccessWithScope = true;
    const rootUrl = config.GOOGLE_API_ROOT_URL?.replace(/\/?$/, '/');
    // Node's own fetch: gaxios would otherwise import node-fetch lazily on first use.
    const options = { auth: client, fetchImplementation: fetch, ...(rootUrl ? { rootUrl } : {}) };
    this.docs = docs({ version: 'v1', ...options });
    this.drive = drive({ version: 'v3', ...options });
    this.uploadOptions = rootUrl ? { rootUrl } : {};
  }

  docLink(docId: string, mode: DocLinkMode): string {
    return `https://docs.google.com/document/d/${docId}/${mode}`;
  }

  async copyTemplate(request: CopyTemplateRequest): Promise<{ docId: string }> {
    // A Google template marks one signer's places ($client_signature…): refused before any copy.
    refuseSeveralSigners(request.signatureParties);
    const copy = await this.call(`Template document ${request.templateDocId}`, () =>
      this.drive.files.copy({
        fileId: request.templateDocId,
        supportsAllDrives: true,
        fields: 'id',
        requestBody: { name: request.title },
      }),
    );
    const docId = copy.data.id;
    if (!docId) throw new BadGatewayException('Google Drive did not return the copied document id');

    // Section texts first: they may contain value placeholders filled by the next requests.
    const replacements: Array<[string, string]> = [
      ...Object.entries(request.sectionOverrides ?? {}),
      // Longest names first, so `$cost` never eats the start of `$cost_total`.
      ...Object.entries(request.values).sort(([a], [b]) => b.length - a.length),
    ];
    const signatureMarkers = new Set(
      Object.values(GOOGLE_SIGNATURE_MARKERS).map((marker) => marker.slice(1)),
    );
    // The copy is nobody's until returned: any failure from here deletes it rather than leave it
    // in Drive. (A process killed right here still leaves one: the caller retries with a new copy.)
    let left: string[];
    try {
      await this.call(`Document ${docId}`, () =>
        this.docs.documents.batchUpdate({
          documentId: docId,
          requestBody: {
            requests: replacements.map(([name, value]) => ({
              replaceAllText: {
                containsText: { text: `$${name}`, matchCase: true },
                replaceText: value,
              },
            })),
          },
        }),
      );
      left = placeholdersIn(await this.plainText(docId)).filter(
        (name) => !signatureMarkers.has(name),
      );
    } catch (error) {
      await this.deleteCopy(docId);
      throw error;
    }
    if (left.length > 0) {
      await this.deleteCopy(docId);
      throw new BadRequestException(
        `Missing data for the template placeholders: ${left.map((name) => `$${name}`).join(', ')}`,
      );
    }
    return { docId };
  }

  /** One signer is what a Google document has already: nothing to lay out again. */
  async setSignatureParties(
    _docId: string,
    parties: SignatureParties,
  ): Promise<{ revision: number }> {
    refuseSeveralSigners(parties);
    return { revision: 1 };
  }

  /** One signer, whose signature is placed only by the finish: the document has none to leave out. */
  async unsignedCopy(docId: string): Promise<{ docId: string }> {
    return { docId };
  }

  private async deleteCopy(docId: string): Promise<void> {
    await this.drive.files.delete({ fileId: docId, supportsAllDrives: true }).catch((error) => {
      this.logger.error(
        `Unused template copy ${docId} could not be deleted from Drive: ${(error as Error).message}`,
      );
    });
  }

  /**
   * The Docs API copies an inserted image from a URL it can fetch without our
   * credentials, so each image is readable by link only while it is inserted:
   * uploaded, inserted, then deleted from Drive whatever happened (the document
   * keeps its own copy), never left shared.
   *
   * The finish pipeline repeats a step a crash interrupted, so this may run again
   * for the same document:
   * - images a killed run uploaded but never deleted carry
   *   `appProperties.prosignSignatureFor = docId` and are found and deleted first;
   * - the batchUpdate that places the signature is atomic and also creates the
   *   named range `prosign-signature-placed`, so finding that range proves the
   *   signature is in the document: nothing is uploaded or sent again.
   *   (`writeControl.requiredRevisionId` alone could not tell: a repeat reads the
   *   new revision. It is sent too, for a different reason: the marker indexes
   *   are only valid in the revision they were read from, so an edit in between,
   *   or a second runner's placement, fails the batch instead of deleting the
   *   wrong text; the step's retry then reads the document again.)
   */
  async placeSignature(docId: string, placement: SignaturePlacement): Promise<void> {
    await this.deleteLeftoverImages(docId);
    const document = await this.call(`Document ${docId}`, () =>
      this.docs.documents.get({ documentId: docId }),
    );
    if (document.data.namedRanges?.[SIGNATURE_PLACED_RANGE]?.namedRanges?.length) return;

    const markers = findMarkers(document.data, [
      GOOGLE_SIGNATURE_MARKERS.signature,
      GOOGLE_SIGNATURE_MARKERS.initials,
    ]);
    if (!markers.some((marker) => marker.text === GOOGLE_SIGNATURE_MARKERS.signature)) {
      throw new BadRequestException(
        `Document ${docId} has no ${GOOGLE_SIGNATURE_MARKERS.signature} position for the signature`,
      );
    }
    const uploaded: string[] = [];
    try {
      const [signatureUri, initialsUri] = await Promise.all([
        this.uploadImage(docId, 'signature', placement.signaturePng, uploaded),
        this.uploadImage(docId, 'initials', placement.initialsPng, uploaded),
      ]);
      const requests = signatureRequests(markers, { signatureUri, initialsUri }, placement);
      await this.call(`Document ${docId}`, () =>
        this.docs.documents.batchUpdate({
          documentId: docId,
          requestBody: {
            requests,
            ...(document.data.revisionId
              ? { writeControl: { requiredRevisionId: document.data.revisionId } }
              : {}),
          },
        }),
      );
    } finally {
      await Promise.all(uploaded.map((fileId) => this.deleteImage(fileId)));
    }
  }

  /**
   * Signature images of this document still in Drive: a run killed between
   * upload and deletion left them shared by link. Listing failures fail the
   * step (it is retried); a deletion failure is logged like any other.
   */
  private async deleteLeftoverImages(docId: string): Promise<void> {
    const q =
      `appProperties has { key='${SIGNATURE_IMAGE_PROPERTY}' and value='${driveQueryString(docId)}' }` +
      ' and trashed=false';
    let pageToken: string | undefined;
    do {
      const page = await this.call('Signature image listing', () =>
        this.drive.files.list({
          q,
          fields: 'nextPageToken, files(id)',
          pageSize: 100,
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
          ...(pageToken ? { pageToken } : {}),
        }),
      );
      const leftovers = (page.data.files ?? []).flatMap((file) => (file.id ? [file.id] : []));
      if (leftovers.length > 0) {
        this.logger.warn(
          `Deleting ${leftovers.length} signature image(s) of document ${docId} left in Drive by an interrupted run`,
        );
      }
      await Promise.all(leftovers.map((fileId) => this.deleteImage(fileId)));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
  }

  async exportPdf(docId: string): Promise<Buffer> {
    const response = await this.call(`Document ${docId}`, () =>
      this.drive.files.export(
        { fileId: docId, mimeType: 'application/pdf' },
        { responseType: 'arraybuffer' },
      ),
    );
    return Buffer.from(response.data as ArrayBuffer);
  }

  /**
   * Uploads a PNG to Drive, readable by link, so the Docs API can fetch it for
   * insertInlineImage; its id goes to `uploaded` at once, for the deletion,
   * and the document id to its appProperties, for a repeat after a crash.
   */
  private async uploadImage(
    docId: string,
    kind: 'signature' | 'initials',
    png: Buffer,
    uploaded: string[],
  ): Promise<string> {
    const file = await this.call('Signature image upload', () =>
      this.drive.files.create(
        {
          requestBody: {
            name: `${docId}-${kind}.png`,
            mimeType: 'image/png',
            // Found again by a repeat if this run dies before deleting it.
            appProperties: { [SIGNATURE_IMAGE_PROPERTY]: docId },
          },
          media: { mimeType: 'image/png', body: Readable.from(png) },
          fields: 'id',
          supportsAllDrives: true,
        },
        this.uploadOptions,
      ),
    );
    const fileId = file.data.id;
    if (!fileId) throw new BadGatewayException('Google Drive did not return the uploaded image id');
    uploaded.push(fileId);
    await this.call('Signature image sharing', () =>
      this.drive.permissions.create({
        fileId,
        supportsAllDrives: true,
        requestBody: { role: 'reader', type: 'anyone' },
      }),
    );
    return `https://drive.google.com/uc?export=view&id=${fileId}`;
  }

  /** Deleting the file ends its link sharing; a failure is logged, never the signer's problem. */
  private async deleteImage(fileId: string): Promise<void> {
    try {
      await this.drive.files.delete({ fileId, supportsAllDrives: true });
    } catch (error) {
      this.logger.error(
        `Signature image ${fileId} could not be deleted from Drive and is still shared by link: ${(error as Error).message}`,
      );
    }
  }

  private async plainText(docId: string): Promise<string> {
    const document = await this.call(`Document ${docId}`, () =>
      this.docs.documents.get({ documentId: docId }),
    );
    return textRuns(document.data.body?.content ?? [])
      .map((run) => run.content)
      .join('');
  }

  /** Google's 404 becomes ours; any other failure is a bad gateway with the upstream reason. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const status =
        (error as { status?: number; code?: number }).status ?? (error as { code?: number }).code;
      if (status === 404) throw new NotFoundException(`${what} not found`);
      throw new BadGatewayException(`Google API request failed: ${(error as Error).message}`);
    }
  }
}

/** A value inside single quotes of a Drive query: `\` and `'` escaped with a backslash. */
function driveQueryString(value: string): string {
  return value.replace(/[\\']/g, (c) => `\\${c}`);
}

import {
  HttpException,
  Inject,
  Injectable,
  Logger,
  Optional,
  ServiceUnavailableException,
  type OnModuleInit,
} from '@nestjs/common';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { SEAL_WAITING_MESSAGES } from '@prosign/domain';
import { AppConfig, type SealLevel } from '../../../platform/config/app-config';
import { ProductMetrics } from '../../../platform/metrics/product-metrics';
import { CmsSigner, type SignatureTimestamper } from './cms-signer';
import { mergeDocuments } from '../../../integrations/documents';
import {
  LocalPki,
  REVOCATION_PORT,
  RevocationUnavailableError,
  TIMESTAMP_PORT,
  type RevocationPort,
  type TimestampPort,
} from '../../../integrations/timestamp';
import {
  certificatesOfSeal,
  lastDocumentTimestamp,
  lastSignatureContents,
  validationMaterial,
  withDocumentSecurityStore,
  withDocumentTimestamp,
} from './pades-ltv';
import { SealCertificateRepository } from './seal-certificate.repository';

/**
 * The generated seal certificate, issued by the local root. (Earlier stacks kept a
 * self-signed one under 'generated-default'; it is no longer read, so such a stack
 * issues a chained one on its next seal.)
 */
const GENERATED_ID = 'generated-local-root';
const GENERATED_COMMON_NAME = 'ProSign Document Seal (local)';
/**
 * Room for the CMS in the placeholder (bytes; the PDF holds twice as many hex
 * digits): the seal certificate and its chain (a CA-issued chain is 3–5 kB), the
 * signature and the time-stamp token with the TSA's certificates (2–8 kB from
 * public TSAs). Measured here: about 5 kB with the local root, seal and TSA.
 */
const SIGNATURE_LENGTH = 24576;
/**
 * Room for the document time-stamp token (B-LTA): the TSTInfo, the TSA's signature
 * and its certificates (about 3 kB from the local TSA, up to 8 kB from public ones).
 */
const DOCUMENT_TIMESTAMP_LENGTH = 12288;

/** The step's error while no time-stamp authority answers (the card and the queue board show it). */
export const TIMESTAMP_WAITING_MESSAGE = SEAL_WAITING_MESSAGES[0];
/** The step's error while a certificate's CRL cannot be fetched (B-LT and B-LTA). */
export const REVOCATION_WAITING_MESSAGE = SEAL_WAITING_MESSAGES[1];

interface SealingKey {
  p12: Buffer;
  passphrase: string;
}

/** The opened key: CMS signers (node:crypto) and the certificate, built once per process. */
interface OpenedKey {
  /** Time-stamps its signature (B-T and up). */
  signer: CmsSigner;
  /** The same without a time-stamp (B-B). */
  untimestampedSigner: CmsSigner;
  certificatePem: string;
}

export interface SealOptions {
  /** The signature's time; fixed by the caller so the same input seals to the same bytes. */
  signingTime: Date;
  /** A level below SEAL_LEVEL an admin chose for this seal; else SEAL_LEVEL. */
  level?: SealLevel;
  reason: string;
  location: string;
  contactInfo: string;
}

export const SEAL_KEY_REQUIRED_MESSAGE =
  'SEAL_P12_BASE64 is required when NODE_ENV=production: the sealing key is never generated and stored beside the data';

/**
 * Seals a final PDF to the PAdES level SEAL_LEVEL says (B-LTA by default) with
 * an ETSI.CAdES.detached signature over the whole file, so any PDF reader shows
 * whether it changed after signing. B-T and up: when it was sealed by a
 * time-stamp authority's clock (the signature value is time-stamped through
 * the timestamp port, the token added to the SignerInfo as
 * id-aa-signatureTimeStampToken). B-LT: an incremental update adds the document
 * security store (pades-ltv.ts) with the seal's and the TSA's chains and their
 * CRLs (the revocation port). B-LTA: a further one adds a document time-stamp.
 * Without a token or a CRL that a certificate names nothing is sealed: the seal
 * throws (503, TIMESTAMP_WAITING_MESSAGE / REVOCATION_WAITING_MESSAGE) and the
 * finish step that asked is retried by the step runner; never the server's clock
 * nor a lower level than configured.
 * The CMS is built by `CmsSigner` (@peculiar/asn1-cms, RSA in node:crypto); the
 * PKCS#12 is opened once (node-forge: Node cannot read PKCS#12), never per seal.
 * The key is SEAL_P12_BASE64 (required in production, checked at start-up);
 * outside production only, unset, a certificate issued once by the local root
 * (the one that issues the local TSA's) and kept in MongoDB for every process.
 */
@Injectable()
export class PdfSealerService implements OnModuleInit {
  private readonly logger = new Logger(PdfSealerService.name);
  private key?: Promise<OpenedKey>;
  /** Seal durations by level (README, Metrics); absent where a test builds the sealer alone. */
  @Optional() @Inject(ProductMetrics) private readonly metrics?: ProductMetrics;

  constructor(
    private readonly config: AppConfig,
    private readonly certificates: SealCertificateRepository,
    @Inject(TIMESTAMP_PORT) private readonly timestamps: TimestampPort,
    private readonly localPki: LocalPki,
    @Inject(REVOCATION_PORT) private readonly revocation: RevocationPort,
  ) {}

  /** A configured key that does not open (bad base64, wrong passphrase) stops the start, not the first signing. */
  async onModuleInit(): Promise<void> {
    if (!this.config.SEAL_P12_BASE64 && this.config.NODE_ENV !== 'production') return;
    try {
      await this.certificatePem();
    } catch (error) {
      throw new Error(
        `SEAL_P12_BASE64 / SEAL_P12_PASSPHRASE do not open as a PKCS#12 with a certificate: ${(error as Error).message}`,
      );
    }
  }

  async seal(pdf: Uint8Array, options: SealOptions): Promise<Buffer> {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    return this.sealDocument(doc, options);
  }

  /** Merges `sources` in order and seals the result, saving it once; with its page count. */
  async mergeAndSeal(
    sources: Uint8Array[],
    meta: { title: string; date: Date },
    options: SealOptions,
  ): Promise<{ pdf: Buffer; pageCount: number }> {
    const merged = await mergeDocuments(sources, meta);
    const pageCount = merged.getPageCount();
    return { pdf: await this.sealDocument(merged, options), pageCount };
  }

  /**
   * Seals a document already open in pdf-lib (a merge just built), saving it once;
   * B-LT and B-LTA append their revisions to those bytes from the same `doc`.
   */
  async sealDocument(doc: PDFDocument, options: SealOptions): Promise<Buffer> {
    const level = options.level ?? this.config.SEAL_LEVEL ?? 'B-LTA';
    const timer = this.metrics?.sealDuration.startTimer({ level });
    const sealed = await this.sealAtLevel(doc, options, level);
    timer?.();
    return sealed;
  }

  private async sealAtLevel(
    doc: PDFDocument,
    options: SealOptions,
    level: SealLevel,
  ): Promise<Buffer> {
    const { signer, untimestampedSigner } = await this.sealingKey();
    pdflibAddPlaceholder({
      pdfDoc: doc,
      reason: options.reason,
      location: options.location,
      contactInfo: options.contactInfo,
      name: 'ProSign',
      signingTime: options.signingTime,
      signatureLength: SIGNATURE_LENGTH,
      appName: 'ProSign',
      subFilter: 'ETSI.CAdES.detached',
    });
    doc.setModificationDate(options.signingTime);
    // Written in one go, not yielding every 50 objects: a 50-page upload's merge has thousands.
    const withPlaceholder = Buffer.from(
      await doc.save({ useObjectStreams: false, objectsPerTick: Infinity }),
    );
    const signed = await new SignPdf().sign(
      withPlaceholder,
      level === 'B-B' ? untimestampedSigner : signer,
      options.signingTime,
    );
    if (level === 'B-B' || level === 'B-T') return signed;
    const material = await this.validationMaterialOf(signed);
    const withDss = withDocumentSecurityStore(signed, doc, material);
    if (level === 'B-LT') return withDss;
    return withDocumentTimestamp(withDss, doc, this.timestamp, DOCUMENT_TIMESTAMP_LENGTH);
  }

  /**
   * An archive kept at B-LTA, extended before its newest document time-stamp can no longer be
   * checked (ETSI EN 319 142-1 §5.5): the validation data of that time-stamp (its TSA's chain
   * and CRLs) joins the DSS, then a fresh document time-stamp covers the whole file. Both are
   * incremental updates: every earlier byte, and so every earlier signature, stays as it is.
   * Throws on a file whose newest signature is not a document time-stamp, and waits (503) like
   * a seal when no time-stamp authority or CRL answers.
   */
  async extendArchive(pdf: Buffer): Promise<Buffer> {
    const stamp = lastDocumentTimestamp(pdf);
    if (!stamp) throw new Error('The PDF does not end with a document time-stamp (B-LTA)');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const material = await this.validationMaterialOf(stamp.certificates);
    const withDss = withDocumentSecurityStore(pdf, doc, material);
    return withDocumentTimestamp(withDss, doc, this.timestamp, DOCUMENT_TIMESTAMP_LENGTH);
  }

  /** Certificates' chains with their CRLs, or the error the finish step shows. */
  private async validationMaterialOf(signedOrCertificates: Buffer | Buffer[]) {
    const certificates = Array.isArray(signedOrCertificates)
      ? signedOrCertificates
      : certificatesOfSeal(lastSignatureContents(signedOrCertificates).bytes);
    try {
      return await validationMaterial(certificates, this.revocation);
    } catch (error) {
      if (!(error instanceof RevocationUnavailableError)) throw error;
      throw new ServiceUnavailableException(`${REVOCATION_WAITING_MESSAGE}: ${error.message}`);
    }
  }

  /** The certificate (PEM) seals are made with, for verification. */
  async certificatePem(): Promise<string> {
    return (await this.sealingKey()).certificatePem;
  }

  /** A time-stamp token over `data` (a signature value, or the file for B-LTA), or the error the finish step shows. */
  private readonly timestamp: SignatureTimestamper = async (data) => {
    try {
      return (await this.timestamps.timestamp(data)).token;
    } catch (error) {
      const detail =
        error instanceof HttpException ? error.message : 'the time-stamp service failed';
      if (!(error instanceof HttpException)) this.logger.error(error);
      throw new ServiceUnavailableException(`${TIMESTAMP_WAITING_MESSAGE}: ${detail}`);
    }
  };

  private sealingKey(): Promise<OpenedKey> {
    this.key ??= this.loadKey()
      .then(({ p12, passphrase }) => openP12(p12, passphrase, this.timestamp))
      .catch((error: unknown) => {
        this.key = undefined;
        throw error;
      });
    return this.key;
  }

  private async loadKey(): Promise<SealingKey> {
    if (this.config.SEAL_P12_BASE64) {
      return {
        p12: Buffer.from(this.config.SEAL_P12_BASE64.replace(/\s+/g, ''), 'base64'),
        passphrase: this.config.SEAL_P12_PASSPHRASE ?? '',
      };
    }
    // Production never generates a key, nor uses one kept in the database.
    if (this.config.NODE_ENV === 'production') throw new Error(SEAL_KEY_REQUIRED_MESSAGE);
    const stored = await this.certificates.find(GENERATED_ID);
    if (stored)
      return { p12: Buffer.from(stored.p12Base64, 'base64'), passphrase: stored.passphrase };

    const generated = await this.localPki.issueSealP12(GENERATED_COMMON_NAME);
    try {
      await this.certificates.insert({ _id: GENERATED_ID, ...generated });
      this.logger.log(`Issued a sealing certificate under the local root (${generated.subject})`);
    } catch (error) {
      // Another process generated one at the same moment: everyone uses the stored one.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    const winner = await this.certificates.find(GENERATED_ID);
    if (!winner) throw new Error('Sealing certificate vanished after creation');
    return { p12: Buffer.from(winner.p12Base64, 'base64'), passphrase: winner.passphrase };
  }
}

/**
 * The private key and its certificate out of a PKCS#12, ready to sign with
 * node:crypto; the P12's other certificates (its chain) travel in the CMS.
 */
function openP12(p12: Buffer, passphrase: string, timestamper?: SignatureTimestamper): OpenedKey {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, passphrase);
  const keyBags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('The sealing P12 holds no private key');
  const certificates = (
    parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []
  ).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (certificates.length === 0) throw new Error('The sealing P12 holds no certificate');
  // The certificate of the key (a P12 may carry its chain too).
  const certificate = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!certificate) throw new Error('No certificate in the sealing P12 matches its private key');
  const derOf = (cert: forge.pki.Certificate) =>
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const der = derOf(certificate);
  const chain = certificates.filter((cert) => cert !== certificate).map(derOf);
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
  return {
    signer: new CmsSigner(privateKey, der, chain, timestamper),
    untimestampedSigner: new CmsSigner(privateKey, der, chain),
    certificatePem: new X509Certificate(der).toString(),
  };
}

/** A 2048-bit RSA key and a ten-year self-signed certificate for document sealing, as PKCS#12. */
export function generateSelfSignedP12(commonName = 'ProSign Document Seal (self-signed)'): {
  p12Base64: string;
  passphrase: string;
  subject: string;
} {
  // Node's native key generation: forge's pure-JS one takes seconds.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const privateKey = forge.pki.privateKeyFromPem(
    pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const publicKey = forge.pki.publicKeyFromPem(
    pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  certificate.validity.notBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
  const attributes = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'ProSign' },
  ];
  certificate.setSubject(attributes);
  certificate.setIssuer(attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], passphrase, {
    algorithm: '3des',
    friendlyName: commonName,
  });
  return {
    p12Base64: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64'),
    passphrase,
    subject: `CN=${commonName}, O=ProSign`,
  };
}

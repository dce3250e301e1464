import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import type { Model } from 'mongoose';
import forge from 'node-forge';
import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { AppConfig } from '../../../platform/config/app-config';
import { CmsSigner } from './cms-signer';
import { mergeDocuments } from '../../../integrations/documents';
import { SealCertificate } from './seal-certificate.schema';

const GENERATED_ID = 'generated-default';
/** Room for the PKCS#7 signature (certificate chain included) in the placeholder. */
const SIGNATURE_LENGTH = 16384;

interface SealingKey {
  p12: Buffer;
  passphrase: string;
}

/** The opened key: a CMS signer (node:crypto) and the certificate, built once per process. */
interface OpenedKey {
  signer: CmsSigner;
  certificatePem: string;
}

export interface SealOptions {
  /** The signature's time; fixed by the caller so the same input seals to the same bytes. */
  signingTime: Date;
  reason: string;
  location: string;
  contactInfo: string;
}

export const SEAL_KEY_REQUIRED_MESSAGE =
  'SEAL_P12_BASE64 is required when NODE_ENV=production: the sealing key is never generated and stored beside the data';

/**
 * Seals a final PDF with a PAdES baseline (ETSI.CAdES.detached) signature over
 * the whole file, so any PDF reader shows whether it changed after signing.
 * The CMS is built by `CmsSigner` (@peculiar/asn1-cms, RSA in node:crypto); the
 * PKCS#12 is opened once (node-forge: Node cannot read PKCS#12), never per seal.
 * The key is SEAL_P12_BASE64 (required in production, checked at start-up);
 * outside production only, unset, a self-signed certificate generated once and
 * kept in MongoDB for every process.
 */
@Injectable()
export class PdfSealerService implements OnModuleInit {
  private readonly logger = new Logger(PdfSealerService.name);
  private key?: Promise<OpenedKey>;

  constructor(
    private readonly config: AppConfig,
    @InjectModel(SealCertificate.name) private readonly certificates: Model<SealCertificate>,
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

  /** Seals a document already open in pdf-lib (a merge just built), saving it once. */
  async sealDocument(doc: PDFDocument, options: SealOptions): Promise<Buffer> {
    const { signer } = await this.sealingKey();
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
    const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
    return new SignPdf().sign(withPlaceholder, signer, options.signingTime);
  }

  /** The certificate (PEM) seals are made with, for verification. */
  async certificatePem(): Promise<string> {
    return (await this.sealingKey()).certificatePem;
  }

  private sealingKey(): Promise<OpenedKey> {
    this.key ??= this.loadKey()
      .then(({ p12, passphrase }) => openP12(p12, passphrase))
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
    const stored = await this.certificates.findById(GENERATED_ID).lean();
    if (stored)
      return { p12: Buffer.from(stored.p12Base64, 'base64'), passphrase: stored.passphrase };

    const generated = generateSelfSignedP12();
    try {
      await this.certificates.create({ _id: GENERATED_ID, ...generated });
      this.logger.log(`Generated a self-signed sealing certificate (${generated.subject})`);
    } catch (error) {
      // Another process generated one at the same moment: everyone uses the stored one.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    const winner = await this.certificates.findById(GENERATED_ID).lean();
    if (!winner) throw new Error('Sealing certificate vanished after creation');
    return { p12: Buffer.from(winner.p12Base64, 'base64'), passphrase: winner.passphrase };
  }
}

/** The private key and its certificate out of a PKCS#12, ready to sign with node:crypto. */
export function openP12(p12: Buffer, passphrase: string): OpenedKey {
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
  const der = Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(),
    'binary',
  );
  return {
    signer: new CmsSigner(createPrivateKey(forge.pki.privateKeyToPem(key)), der),
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

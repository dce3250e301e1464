import type { Collection, Connection } from 'mongoose';
import forge from 'node-forge';
import {
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { Logger } from '@nestjs/common';
import { LocalTimeStampAuthority } from './local-tsa';
import { issueCrl, type RevocationPort } from './revocation';

/**
 * The local trust chain of a stack without outside certificates (docs/architecture.md#local-stack-and-tests):
 * one root CA, generated once and kept in MongoDB for every process, issuing
 * the local time-stamp authority's certificate (extendedKeyUsage timeStamping,
 * critical) and the local seal certificate, so a sealed PDF's whole chain
 * verifies offline against one root.
 */

const LOCAL_PKI_COLLECTION = 'local_pki';
const LOCAL_PKI_ID = 'local-root';
const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;
/** How long a CRL of the local root is valid, and how old the one handed out may get. */
export const LOCAL_CRL_VALIDITY_MS = 7 * DAY_MS;
const LOCAL_CRL_REFRESH_MS = 10 * 60 * 1000;

/** Where the local root publishes its CRL: the api's `GET /api/timestamp/root.crl`. */
export function localCrlUrl(publicApiUrl: string): string {
  return `${publicApiUrl.replace(/\/+$/, '')}/api/timestamp/root.crl`;
}

/** The cRLDistributionPoints extension naming `crlUrl` (none without one). */
const distributionPoint = (crlUrl: string | undefined): object[] =>
  crlUrl ? [{ name: 'cRLDistributionPoints', altNames: [{ type: 6, value: crlUrl }] }] : [];

/** The root and the TSA, as stored. */
export interface LocalPkiRecord {
  _id: string;
  rootKeyPem: string;
  rootCertificatePem: string;
  tsaKeyPem: string;
  tsaCertificatePem: string;
  createdAt: Date;
}

/** The opened root and TSA. */
export interface LocalPkiMaterial {
  root: { key: KeyObject; certificate: X509Certificate; der: Buffer };
  tsa: { key: KeyObject; certificate: X509Certificate; der: Buffer };
  authority: LocalTimeStampAuthority;
  record: LocalPkiRecord;
}

/** A certificate issued by the local root, with its key, as PKCS#12 (chain included). */
export interface IssuedP12 {
  p12Base64: string;
  passphrase: string;
  subject: string;
}

function rsaPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  // Node's native key generation: forge's pure-JS one takes seconds.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  return {
    privateKey: forge.pki.privateKeyFromPem(
      pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    ),
    publicKey: forge.pki.publicKeyFromPem(
      pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ),
  };
}

interface Issuer {
  certificate: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

/** A certificate for `publicKey` issued by `issuer` (or self-signed without one). */
function issue(
  publicKey: forge.pki.rsa.PublicKey,
  subject: forge.pki.CertificateField[],
  extensions: object[],
  years: number,
  issuer: Issuer | { self: forge.pki.rsa.PrivateKey },
  now: Date,
): forge.pki.Certificate {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - DAY_MS);
  certificate.validity.notAfter = new Date(now.getTime() + years * YEAR_MS);
  certificate.setSubject(subject);
  const authority =
    'self' in issuer
      ? []
      : [
          {
            name: 'authorityKeyIdentifier',
            keyIdentifier: issuer.certificate.generateSubjectKeyIdentifier().getBytes(),
          },
        ];
  certificate.setIssuer('self' in issuer ? subject : issuer.certificate.subject.attributes);
  certificate.setExtensions([...extensions, { name: 'subjectKeyIdentifier' }, ...authority]);
  certificate.sign('self' in issuer ? issuer.self : issuer.key, forge.md.sha256.create());
  return certificate;
}

const pem = (certificate: forge.pki.Certificate) => forge.pki.certificateToPem(certificate);
const names = (commonName: string) => [
  { name: 'commonName', value: commonName },
  { name: 'organizationName', value: 'ProSign' },
];

/**
 * A new local root (20 years) and TSA certificate (10 years) issued by it, naming
 * `crlUrl` as where the root's CRL is.
 */
export function generateLocalPki(now = new Date(), crlUrl?: string): Omit<LocalPkiRecord, '_id'> {
  // Each installation's root is its own: a short id tells two installations' roots apart.
  const id = randomBytes(3).toString('hex');
  const root = rsaPair();
  const rootCertificate = issue(
    root.publicKey,
    names(`ProSign Local Root CA ${id}`),
    [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
    20,
    { self: root.privateKey },
    now,
  );
  const tsa = rsaPair();
  const tsaCertificate = issue(
    tsa.publicKey,
    names(`ProSign Local Time-Stamp Authority ${id}`),
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      // RFC 3161 §2.3: exactly timeStamping, and critical.
      { name: 'extKeyUsage', timeStamping: true, critical: true },
      ...distributionPoint(crlUrl),
    ],
    10,
    { certificate: rootCertificate, key: root.privateKey },
    now,
  );
  return {
    rootKeyPem: forge.pki.privateKeyToPem(root.privateKey),
    rootCertificatePem: pem(rootCertificate),
    tsaKeyPem: forge.pki.privateKeyToPem(tsa.privateKey),
    tsaCertificatePem: pem(tsaCertificate),
    createdAt: now,
  };
}

/**
 * A document-seal certificate (10 years) issued by the root of `record`, naming
 * `crlUrl` as where the root's CRL is, as PKCS#12 with the root.
 */
export function issueSealP12(
  record: Pick<LocalPkiRecord, 'rootKeyPem' | 'rootCertificatePem'>,
  commonName: string,
  now = new Date(),
  crlUrl?: string,
): IssuedP12 {
  const rootCertificate = forge.pki.certificateFromPem(record.rootCertificatePem);
  const rootKey = forge.pki.privateKeyFromPem(record.rootKeyPem) as forge.pki.rsa.PrivateKey;
  const seal = rsaPair();
  const certificate = issue(
    seal.publicKey,
    names(commonName),
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      ...distributionPoint(crlUrl),
    ],
    10,
    { certificate: rootCertificate, key: rootKey },
    now,
  );
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(
    seal.privateKey,
    [certificate, rootCertificate],
    passphrase,
    {
      algorithm: '3des',
      friendlyName: commonName,
    },
  );
  return {
    p12Base64: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64'),
    passphrase,
    subject: `CN=${commonName}, O=ProSign`,
  };
}

/** Opens a stored (or generated) record: keys for node:crypto, certificates, the TSA. */
export function openLocalPki(record: LocalPkiRecord): LocalPkiMaterial {
  const open = (keyPem: string, certificatePem: string) => {
    const certificate = new X509Certificate(certificatePem);
    return { key: createPrivateKey(keyPem), certificate, der: certificate.raw };
  };
  const root = open(record.rootKeyPem, record.rootCertificatePem);
  const tsa = open(record.tsaKeyPem, record.tsaCertificatePem);
  return {
    root,
    tsa,
    authority: new LocalTimeStampAuthority(tsa.key, tsa.der, [root.der]),
    record,
  };
}

/**
 * The local root and TSA, generated on first use by whichever process needs
 * them first and shared by all through MongoDB (`local_pki`).
 */
export class LocalPki {
  private readonly logger = new Logger(LocalPki.name);
  private material?: Promise<LocalPkiMaterial>;
  private currentCrl?: { der: Buffer; issuedAt: number };

  /**
   * `crlUrl`: the distribution point written into the certificates it issues from
   * now on (certificates issued before keep working: the root's CRL covers them
   * whether they name it or not).
   */
  constructor(
    private readonly connection: Connection | null,
    private readonly fixed?: LocalPkiRecord,
    readonly crlUrl?: string,
  ) {}

  /** A root and TSA of this process only, never stored (unit tests, benchmarks). */
  static inMemory(crlUrl?: string): LocalPki {
    return new LocalPki(
      null,
      { _id: 'in-memory', ...generateLocalPki(new Date(), crlUrl) },
      crlUrl,
    );
  }

  /**
   * The root's current CRL (DER): nothing revoked, valid LOCAL_CRL_VALIDITY_MS,
   * signed again when the one in hand is LOCAL_CRL_REFRESH_MS old.
   */
  async crl(now = new Date()): Promise<Buffer> {
    const { root } = await this.load();
    if (!this.currentCrl || now.getTime() - this.currentCrl.issuedAt >= LOCAL_CRL_REFRESH_MS) {
      this.currentCrl = {
        der: issueCrl(root, now, LOCAL_CRL_VALIDITY_MS),
        issuedAt: now.getTime(),
      };
    }
    return this.currentCrl.der;
  }

  /** Whether `certificate` was issued by this root (name and signature), or is the root. */
  async issued(certificate: X509Certificate): Promise<boolean> {
    const { root } = await this.load();
    return (
      certificate.checkIssued(root.certificate) && certificate.verify(root.certificate.publicKey)
    );
  }

  /** The opened root and TSA, loaded (or made) once per process. */
  load(): Promise<LocalPkiMaterial> {
    this.material ??= this.loadOrCreate()
      .then(openLocalPki)
      .catch((error: unknown) => {
        this.material = undefined;
        throw error;
      });
    return this.material;
  }

  /** Issues a seal certificate under the local root (the caller keeps it). */
  async issueSealP12(commonName: string): Promise<IssuedP12> {
    return issueSealP12((await this.load()).record, commonName, new Date(), this.crlUrl);
  }

  private collection(): Collection<LocalPkiRecord> {
    if (!this.connection) throw new Error('This local PKI has no database');
    return this.connection.collection<LocalPkiRecord>(
      LOCAL_PKI_COLLECTION,
    ) as unknown as Collection<LocalPkiRecord>;
  }

  private async loadOrCreate(): Promise<LocalPkiRecord> {
    if (this.fixed) return this.fixed;
    const stored = await this.collection().findOne({ _id: LOCAL_PKI_ID });
    if (stored) return stored;
    const generated = { _id: LOCAL_PKI_ID, ...generateLocalPki(new Date(), this.crlUrl) };
    try {
      await this.collection().insertOne(generated);
      this.logger.log(
        `Generated the local root CA and time-stamp authority (${new X509Certificate(generated.rootCertificatePem).subject.replace(/\n/g, ', ')})`,
      );
    } catch (error) {
      // Another process generated them at the same moment: everyone uses the stored ones.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    const winner = await this.collection().findOne({ _id: LOCAL_PKI_ID });
    if (!winner) throw new Error('The local root CA vanished after creation');
    return winner;
  }
}

/**
 * Revocation data as the sealer asks for it: the local root's own CRL, in
 * process, for the certificates it issued (so a stack offline seals B-LT);
 * for any other certificate, `outside` (its distribution points over HTTP).
 */
export class LocalRootRevocationSource implements RevocationPort {
  constructor(
    private readonly pki: LocalPki,
    private readonly outside: RevocationPort,
  ) {}

  async crlsFor(certificate: X509Certificate, issuer: X509Certificate): Promise<Buffer[]> {
    const { root } = await this.pki.load();
    if (issuer.raw.equals(root.der) && (await this.pki.issued(certificate))) {
      return [await this.pki.crl()];
    }
    return this.outside.crlsFor(certificate, issuer);
  }
}

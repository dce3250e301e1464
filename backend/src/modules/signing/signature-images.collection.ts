import type { Connection } from 'mongoose';

/**
 * Drawn or uploaded signatures (re-encoded PNGs, up to 1 MB), one record per
 * upload, referenced by the contract's `signatureImageId`: kept apart from the
 * contract record so listing contracts stays light.
 */
export interface SignatureImageDoc {
  _id: string;
  png: Buffer;
  uploadedAt: Date;
  uploadedIp: string | null;
}

export function signatureImages(connection: Connection) {
  return connection.collection<SignatureImageDoc>('signature_images');
}

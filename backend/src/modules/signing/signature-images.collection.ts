import type { Connection } from 'mongoose';

/**
 * Drawn or uploaded signatures (re-encoded PNGs, up to 1 MB), one per contract
 * token: kept apart from the contract record so listing contracts stays light.
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

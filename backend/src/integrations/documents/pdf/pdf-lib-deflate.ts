import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';

interface Pako {
  deflate(input: Uint8Array | string, options?: object): Uint8Array;
}

const NATIVE = Symbol.for('prosign.pdf-lib.native-deflate');

/**
 * pdf-lib compresses every stream it writes itself (the signature stamp's page content, the
 * seal's appearance and DSS streams) with pako, whose deflate allocates and zeroes about 300 KB
 * of state per call however short the stream: 2 % of the api's CPU under `bench/signers`, most
 * of it that set-up (`deflateInit2`). Node's zlib writes the same format (zlib-wrapped deflate,
 * default level) natively. Only pdf-lib's copy of pako is changed (shared with pdf-lib's own font
 * and PNG packages alone), and only its option-less `deflate`, the call pdf-lib makes; a call
 * with options still goes to pako.
 */
export function useNativeDeflateForPdfLib(): void {
  const pako = createRequire(require.resolve('pdf-lib'))('pako') as Pako & { [NATIVE]?: true };
  if (pako[NATIVE]) return;
  const deflate = pako.deflate.bind(pako);
  pako.deflate = (input, options) =>
    options === undefined ? deflateSync(input) : deflate(input, options);
  pako[NATIVE] = true;
}

useNativeDeflateForPdfLib();

// What the Google Docs adapter reads in a document (its text runs, the signature markers) and the
// batchUpdate requests that put a signature where a marker was.
import { type docs_v1 } from '@googleapis/docs';
import { formatPacificTimestamp } from '@prosign/domain';
import type { SignaturePlacement } from './documents.port';

/** Where a Google template marks the signer's signature, initials and signing date. */
export const GOOGLE_SIGNATURE_MARKERS = {
  signature: '$client_signature',
  initials: '$client_initials',
  signedDate: '$signed_date',
} as const;

/** Named range created by the placement's own batchUpdate: its presence means the signature is in. */
export const SIGNATURE_PLACED_RANGE = 'prosign-signature-placed';

export interface TextRun {
  content: string;
  startIndex: number;
}

export function textRuns(content: docs_v1.Schema$StructuralElement[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const element of content) {
    for (const part of element.paragraph?.elements ?? []) {
      if (part.textRun?.content != null && part.startIndex != null) {
        runs.push({ content: part.textRun.content, startIndex: part.startIndex });
      }
    }
    for (const row of element.table?.tableRows ?? []) {
      for (const cell of row.tableCells ?? []) runs.push(...textRuns(cell.content ?? []));
    }
  }
  return runs;
}

export function findMarkers(document: docs_v1.Schema$Document, markers: string[]) {
  const found: Array<{ text: string; startIndex: number; endIndex: number }> = [];
  for (const run of textRuns(document.body?.content ?? [])) {
    for (const marker of markers) {
      let at = run.content.indexOf(marker);
      while (at !== -1) {
        found.push({
          text: marker,
          startIndex: run.startIndex + at,
          endIndex: run.startIndex + at + marker.length,
        });
        at = run.content.indexOf(marker, at + marker.length);
      }
    }
  }
  return found;
}

/**
 * The placement as one batchUpdate: each marker deleted and its image inserted,
 * from the end backwards so earlier indexes stay valid while the text changes;
 * the named range over the (last) signature image, right after inserting it,
 * while its index is known; the signing date last.
 */
export function signatureRequests(
  markers: Array<{ text: string; startIndex: number; endIndex: number }>,
  uris: { signatureUri: string; initialsUri: string },
  placement: SignaturePlacement,
): docs_v1.Schema$Request[] {
  let rangeCreated = false;
  const requests: docs_v1.Schema$Request[] = [...markers]
    .sort((a, b) => b.startIndex - a.startIndex)
    .flatMap((marker) => {
      const isSignature = marker.text === GOOGLE_SIGNATURE_MARKERS.signature;
      const placed: docs_v1.Schema$Request[] = [
        {
          deleteContentRange: {
            range: { startIndex: marker.startIndex, endIndex: marker.endIndex },
          },
        },
        {
          insertInlineImage: {
            uri: isSignature ? uris.signatureUri : uris.initialsUri,
            location: { index: marker.startIndex },
            // A box: Docs scales the image to fit it, keeping its proportions (typed
            // signatures come cropped to their ink, uploads as drawn).
            objectSize: isSignature
              ? { width: { magnitude: 150, unit: 'PT' }, height: { magnitude: 75, unit: 'PT' } }
              : { width: { magnitude: 48, unit: 'PT' }, height: { magnitude: 24, unit: 'PT' } },
          },
        },
      ];
      if (isSignature && !rangeCreated) {
        rangeCreated = true;
        // The inline image is one index long.
        placed.push({
          createNamedRange: {
            name: SIGNATURE_PLACED_RANGE,
            range: { startIndex: marker.startIndex, endIndex: marker.startIndex + 1 },
          },
        });
      }
      return placed;
    });
  requests.push({
    replaceAllText: {
      containsText: { text: GOOGLE_SIGNATURE_MARKERS.signedDate, matchCase: true },
      replaceText: formatPacificTimestamp(placement.signedAt),
    },
  });
  return requests;
}

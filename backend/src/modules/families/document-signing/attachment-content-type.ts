/**
 * The MIME type a file's CONTENT shows, from its first bytes (its "magic"), never from its name
 * or the type the browser claimed: a PNG named `.pdf` is a PNG. Null when it is none of the
 * kinds recognised here; such a file is refused (nobody can tell staff what it is).
 */
export function attachmentContentType(bytes: Buffer): string | null {
  for (const kind of CONTENT_KINDS) if (kind.matches(bytes)) return kind.type;
  return null;
}

const startsWith = (bytes: Buffer, magic: number[], at = 0): boolean =>
  bytes.length >= at + magic.length && magic.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** How far into a PDF its header may start: readers accept a little junk before it. */
const PDF_HEADER_SEARCH_BYTES = 1024;

const CONTENT_KINDS: ReadonlyArray<{ type: string; matches(bytes: Buffer): boolean }> = [
  {
    type: 'application/pdf',
    matches: (bytes) => bytes.subarray(0, PDF_HEADER_SEARCH_BYTES).includes('%PDF-', 0, 'latin1'),
  },
  {
    type: 'image/png',
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { type: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  {
    type: 'image/gif',
    matches: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')),
  },
  {
    type: 'image/webp',
    matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
  },
  {
    type: 'image/tiff',
    matches: (bytes) =>
      startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]),
  },
];

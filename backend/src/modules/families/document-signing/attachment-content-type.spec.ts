import { attachmentContentType } from './attachment-content-type';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

describe('attachmentContentType: the type a file’s content shows, whatever its name says', () => {
  it('recognises PDF (a little junk before the header too), PNG, JPEG, GIF, WebP and TIFF', () => {
    expect(attachmentContentType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(attachmentContentType(bytes('\r\n  junk  ', '%PDF-1.4\n'))).toBe('application/pdf');
    expect(attachmentContentType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(attachmentContentType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(attachmentContentType(bytes('GIF87a..'))).toBe('image/gif');
    expect(attachmentContentType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(attachmentContentType(bytes('II', [0x2a, 0]))).toBe('image/tiff');
  });

  it('answers null for what it cannot tell: text, a RIFF that is no WebP, an empty file', () => {
    expect(attachmentContentType(bytes('name,amount\nAcme,12\n'))).toBeNull();
    expect(attachmentContentType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(attachmentContentType(Buffer.alloc(0))).toBeNull();
    expect(attachmentContentType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
  });
});

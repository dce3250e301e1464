import { PNG } from 'pngjs';
import { crc32 } from 'node:zlib';
import { SignatureImageService } from './signature-image.service';

/** Height in pixels of the rows holding ink. */
function inkHeight(png: Buffer): number {
  const { width, height, data } = PNG.sync.read(png);
  const rows = new Set<number>();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) if (data[(y * width + x) * 4 + 3] > 128) rows.add(y);
  }
  return rows.size === 0 ? 0 : Math.max(...rows) - Math.min(...rows) + 1;
}

/** Blank pixels between the ink and each edge of the image. */
function blankMargins(png: Buffer) {
  const { width, height, data } = PNG.sync.read(png);
  let left = width;
  let right = width;
  let top = height;
  let bottom = height;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      left = Math.min(left, x);
      right = Math.min(right, width - 1 - x);
      top = Math.min(top, y);
      bottom = Math.min(bottom, height - 1 - y);
    }
  }
  return { left, right, top, bottom };
}

describe('SignatureImageService', () => {
  const service = new SignatureImageService();

  it('renders a typed signature in black, cropped to its ink with a small blank margin', () => {
    const png = service.renderTypedSignature('Maria Alvarez', 'standard');
    const image = PNG.sync.read(png);
    expect(image.width).toBeLessThan(400);
    expect(image.height).toBeLessThan(200);
    const inked = [];
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i + 3] > 64) inked.push(image.data[i] + image.data[i + 1] + image.data[i + 2]);
    }
    expect(inked.length).toBeGreaterThan(200);
    expect(Math.max(...inked)).toBeLessThan(60);
    // Nothing cut off (no ink on the border) and nothing but a few blank pixels around it.
    for (const margin of Object.values(blankMargins(png))) {
      expect(margin).toBeGreaterThanOrEqual(2);
      expect(margin).toBeLessThanOrEqual(6);
    }
  });

  it('shrinks a long name to the 400×200 canvas rather than cutting it off', () => {
    const png = service.renderTypedSignature(
      'Maximiliana Bartholomew-Featherstonehaugh '.repeat(2),
      'sow',
    );
    const image = PNG.sync.read(png);
    expect(image.width).toBeLessThanOrEqual(400);
    expect(Math.min(...Object.values(blankMargins(png)))).toBeGreaterThanOrEqual(2);
  });

  it('draws SOW and CO signatures larger (35 px) than standard ones (24 px)', () => {
    const standard = inkHeight(service.renderTypedSignature('Maria Alvarez', 'standard'));
    const sow = inkHeight(service.renderTypedSignature('Maria Alvarez', 'sow'));
    expect(sow / standard).toBeGreaterThan(1.3);
  });

  it('derives initials from the full name', () => {
    expect(service.renderInitials('maria elena alvarez', 'co').initials).toBe('M.E.A.');
  });

  it('draws the initials the signer saved rather than the derived ones', () => {
    const saved = service.renderInitials('maria elena alvarez', 'standard', 'M.A.');
    expect(saved.initials).toBe('M.A.');
    expect(saved.png.equals(service.renderTypedSignature('M.A.', 'standard'))).toBe(true);
    expect(service.renderInitials('maria elena alvarez', 'standard', '  ').initials).toBe('M.E.A.');
  });

  it('refuses a blank signature with the spec message', () => {
    expect(() => service.renderTypedSignature('   ', 'sow')).toThrow('Please add your signature');
  });

  it('re-encodes an upload so only pixels survive, not chunks smuggled into the file', () => {
    const source = new PNG({ width: 3, height: 2 });
    source.data.fill(0);
    source.data[3] = 255;
    const original = PNG.sync.write(source);
    // A text chunk carrying a payload, inserted before IEND (the last 12 bytes).
    const payload = Buffer.from('Comment\0<script>alert(1)</script>', 'latin1');
    const type = Buffer.from('tEXt');
    const chunk = Buffer.alloc(12 + payload.length);
    chunk.writeUInt32BE(payload.length, 0);
    type.copy(chunk, 4);
    payload.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(Buffer.concat([type, payload])), 8 + payload.length);
    const smuggled = Buffer.concat([original.subarray(0, -12), chunk, original.subarray(-12)]);

    const clean = service.normalizeUploadedPng({
      originalname: 'signature.PNG',
      size: smuggled.length,
      buffer: smuggled,
    });
    expect(smuggled.includes(Buffer.from('<script>'))).toBe(true);
    expect(clean.includes(Buffer.from('<script>'))).toBe(false);
    expect(PNG.sync.read(clean).data.equals(PNG.sync.read(original).data)).toBe(true);
  });

  it('refuses a PNG with bytes after its end', () => {
    const padded = Buffer.concat([
      PNG.sync.write(new PNG({ width: 2, height: 2 })),
      Buffer.from('x'),
    ]);
    expect(() =>
      service.normalizeUploadedPng({ originalname: 'a.png', size: padded.length, buffer: padded }),
    ).toThrow('not a valid PNG');
  });

  it('refuses a PNG declaring huge dimensions before decoding it', () => {
    const header = PNG.sync.write(new PNG({ width: 1, height: 1 }));
    header.writeUInt32BE(50000, 16);
    expect(() =>
      service.normalizeUploadedPng({ originalname: 'a.png', size: header.length, buffer: header }),
    ).toThrow('between 1 and 2000 pixels');
  });
});

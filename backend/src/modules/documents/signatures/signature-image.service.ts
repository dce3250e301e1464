import { BadRequestException, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import {
  type AgreementFamily,
  initialsFromFullName,
  SIGNATURE_COLOR,
  SIGNATURE_IMAGE_EXTENSION,
  SIGNATURE_MESSAGES,
  SIGNATURE_UPLOAD_MAX_BYTES,
  SIGNATURE_UPLOAD_MAX_DIMENSION_PX,
  signatureFontSizePx,
  TEXT_SIGNATURE_IMAGE,
} from '@prosign/domain';
import { PNG } from 'pngjs';

/** Registered under our own family name so a system font called "Whisper" can never stand in. */
const FONT_FAMILY = 'ProSign Whisper';
let fontRegistered = false;

function ensureFont(): void {
  if (fontRegistered) return;
  // The font files ship in the npm package; nothing is fetched at run time.
  const path = require.resolve('@fontsource/whisper/files/whisper-latin-400-normal.woff2');
  GlobalFonts.registerFromPath(path, FONT_FAMILY);
  fontRegistered = true;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_TEXT_LENGTH = 100;
/** Blank pixels kept around a typed signature's ink (its glyph bounds are exact to a pixel). */
const INK_MARGIN_PX = 4;

export interface UploadedImage {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/**
 * Signature and initials images: typed text drawn in the Whisper script font
 * (laid out on a 400×200 canvas, black, 24 px; 35 px on SOW and CO) and
 * cropped to its ink, and drawn or uploaded PNGs
 * decoded and re-encoded so only pixels, never foreign bytes, reach a document.
 */
@Injectable()
export class SignatureImageService {
  renderTypedSignature(text: string, kind: AgreementFamily): Buffer {
    const value = text.trim();
    if (value === '') throw new BadRequestException(SIGNATURE_MESSAGES.blankSignature);
    if (value.length > MAX_TEXT_LENGTH) {
      throw new BadRequestException(`A signature is at most ${MAX_TEXT_LENGTH} characters.`);
    }
    ensureFont();
    const { widthPx, heightPx } = TEXT_SIGNATURE_IMAGE;
    // Laid out on the spec's canvas: centred, a long name shrunk to fit rather than cut off.
    const layout = createCanvas(1, 1).getContext('2d');
    let size = signatureFontSizePx(kind);
    layout.font = `${size}px "${FONT_FAMILY}"`;
    const padding = 16;
    const measured = layout.measureText(value).width;
    if (measured > widthPx - 2 * padding) {
      size = Math.max(8, Math.floor((size * (widthPx - 2 * padding)) / measured));
      layout.font = `${size}px "${FONT_FAMILY}"`;
    }
    layout.textAlign = 'center';
    layout.textBaseline = 'middle';
    const ink = layout.measureText(value);
    // Only the inked part of that canvas is drawn and encoded (what a document shows):
    // ~5% of its pixels, so encoding, and every decode downstream, costs that much less.
    const centre = { x: widthPx / 2, y: heightPx / 2 };
    const left = Math.max(0, Math.floor(centre.x - ink.actualBoundingBoxLeft) - INK_MARGIN_PX);
    const top = Math.max(0, Math.floor(centre.y - ink.actualBoundingBoxAscent) - INK_MARGIN_PX);
    const right = Math.min(
      widthPx,
      Math.ceil(centre.x + ink.actualBoundingBoxRight) + INK_MARGIN_PX,
    );
    const bottom = Math.min(
      heightPx,
      Math.ceil(centre.y + ink.actualBoundingBoxDescent) + INK_MARGIN_PX,
    );
    const canvas = createCanvas(Math.max(1, right - left), Math.max(1, bottom - top));
    const context = canvas.getContext('2d');
    context.font = layout.font;
    context.fillStyle = SIGNATURE_COLOR;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(value, centre.x - left, centre.y - top);
    return canvas.toBuffer('image/png');
  }

  /**
   * The signer's initials drawn like a typed signature: the ones they saved, or
   * else those derived from the full name (spec 1 §3).
   */
  renderInitials(
    fullName: string,
    kind: AgreementFamily,
    savedInitials?: string | null,
  ): { initials: string; png: Buffer } {
    const initials = savedInitials?.trim() || initialsFromFullName(fullName);
    if (initials === '') throw new BadRequestException('A full name is needed to derive initials.');
    return { initials, png: this.renderTypedSignature(initials, kind) };
  }

  /**
   * An uploaded (or drawn-on-canvas) signature: .png only, at most
   * SIGNATURE_UPLOAD_MAX_BYTES, a real PNG of sane dimensions. Returns a fresh
   * PNG encoded from the decoded pixels.
   */
  normalizeUploadedPng(file: UploadedImage | undefined): Buffer {
    if (!file) throw new BadRequestException(SIGNATURE_MESSAGES.sourceRequired);
    if (!file.originalname.toLowerCase().endsWith(SIGNATURE_IMAGE_EXTENSION)) {
      throw new BadRequestException(SIGNATURE_MESSAGES.pngOnly);
    }
    if (file.size > SIGNATURE_UPLOAD_MAX_BYTES || file.buffer.length > SIGNATURE_UPLOAD_MAX_BYTES) {
      throw new PayloadTooLargeException(SIGNATURE_MESSAGES.tooLarge);
    }
    return this.reencodePng(file.buffer);
  }

  /** Decodes and re-encodes a PNG; anything that is not a valid, reasonably sized PNG is refused. */
  reencodePng(bytes: Buffer): Buffer {
    // Signature (8) + IHDR chunk (25) is the smallest possible PNG header.
    if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
      throw new BadRequestException(`${SIGNATURE_MESSAGES.pngOnly} The file is not a PNG image.`);
    }
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    // Checked before decoding: a tiny file can declare a huge image (decompression bomb).
    if (
      width === 0 ||
      height === 0 ||
      width > SIGNATURE_UPLOAD_MAX_DIMENSION_PX ||
      height > SIGNATURE_UPLOAD_MAX_DIMENSION_PX
    ) {
      throw new BadRequestException(
        `A signature image must be between 1 and ${SIGNATURE_UPLOAD_MAX_DIMENSION_PX} pixels wide and high.`,
      );
    }
    let decoded: PNG;
    try {
      decoded = PNG.sync.read(bytes);
    } catch {
      throw new BadRequestException('The signature image is not a valid PNG file.');
    }
    const clean = new PNG({ width: decoded.width, height: decoded.height });
    decoded.data.copy(clean.data);
    return PNG.sync.write(clean, { colorType: 6 });
  }
}

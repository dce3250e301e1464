/** Signature and initials images (spec 1 §9, spec 3 §9). */
import { familyDefinition } from '../families/families';
import type { AgreementFamily } from '../families/family-definition';

/** The drawing canvas of the signing pages. */
export const SIGNATURE_CANVAS = { widthPx: 300, heightPx: 150 } as const;

/** A typed signature is rendered onto an image of this size. */
export const TEXT_SIGNATURE_IMAGE = { widthPx: 400, heightPx: 200 } as const;

export const SIGNATURE_FONT_FAMILY = 'Whisper';
export const SIGNATURE_COLOR = 'black';

/** Signature images are saved as PNG, and only PNG may be uploaded (spec 1 §5, spec 3 §5). */
export const SIGNATURE_IMAGE_MIME_TYPE = 'image/png';
export const SIGNATURE_IMAGE_EXTENSION = '.png';
/** Largest accepted upload: a signature is a small image; anything bigger is refused. */
export const SIGNATURE_UPLOAD_MAX_BYTES = 1024 * 1024;
/** Largest accepted width or height of an uploaded signature image. */
export const SIGNATURE_UPLOAD_MAX_DIMENSION_PX = 2000;

export const SIGNATURE_MESSAGES = {
  bothRequired: 'Please fill in both your initials and signature before saving.',
  sourceRequired: 'Please provide a signature first!',
  termsRequired: 'Please accept the terms and conditions before proceeding.',
  blankSignature: 'Please add your signature',
  pngOnly: 'Only .png signature images are accepted.',
  tooLarge: `The signature image must be at most ${SIGNATURE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
} as const;

export function signatureFontSizePx(kind: AgreementFamily): number {
  return familyDefinition(kind).signing.signatureFontSizePx;
}

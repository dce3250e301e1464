import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { renderAuditTrail } from '../src/integrations/documents/layout/audit-trail-layout';
import { ONE_SIGNER_TRAIL, TRAIL_RENDERED_AT } from './support/audit-trail-fixtures';

const run = promisify(execFile);

/** The first page of a PDF as poppler draws it (an independent renderer), then QR-decoded. */
async function qrOnFirstPage(pdf: Buffer): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'audit-qr-'));
  try {
    await writeFile(path.join(dir, 'trail.pdf'), pdf);
    await run(
      'pdftoppm',
      ['-r', '150', '-f', '1', '-l', '1', '-png', '-singlefile', 'trail.pdf', 'page'],
      {
        cwd: dir,
      },
    );
    const image = PNG.sync.read(await readFile(path.join(dir, 'page.png')));
    return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the audit trail’s QR code', () => {
  it.each([
    'https://sign.prosign.example/verify/Jq3vX9dK2mPa7LwQ',
    // A longer link takes a larger QR version in the same 76-point square.
    'https://signing.bayline-engineering.example/verify/Jq3vX9dK2mPa7LwQ8rTz4NcY6bHs1GfE',
  ])('reads back as the verification link %s', async (verifyUrl) => {
    const { pdf } = await renderAuditTrail({ ...ONE_SIGNER_TRAIL, verifyUrl }, TRAIL_RENDERED_AT);
    expect(await qrOnFirstPage(pdf)).toBe(verifyUrl);
  });

  it('is not there without a verification link', async () => {
    const { pdf } = await renderAuditTrail(ONE_SIGNER_TRAIL, TRAIL_RENDERED_AT);
    expect(await qrOnFirstPage(pdf)).toBeNull();
  });
});

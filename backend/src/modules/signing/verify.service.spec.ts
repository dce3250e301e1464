import { auditEventsOf } from './signing-finish-audit';
import { verifyLink } from './signing-finish-plan';
import { createHash } from 'node:crypto';
import { maskEmail, VerifyService } from './verify.service';

describe('verify page rules', () => {
  it('masks e-mail addresses to their first letter and domain', () => {
    expect(maskEmail('maria.alvarez@example.com')).toBe('m***@example.com');
    expect(maskEmail('x@y.org')).toBe('x***@y.org');
    expect(maskEmail('not-an-address')).toBe('***');
    expect(maskEmail('')).toBe('');
  });

  it('builds the verify link under the signing app, without doubled slashes', () => {
    expect(verifyLink('https://sign.example.com/', 'abc')).toBe(
      'https://sign.example.com/verify/abc',
    );
    expect(verifyLink('https://sign.example.com', null)).toBeUndefined();
  });

  it('builds the audit trail from the event log: every event it shows, oldest first, the signer by address', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    const event = (type: string, minute: number, actor: string, ip: string | null, extra = {}) => ({
      type,
      at: at(minute),
      actor,
      ip,
      status: null,
      userAgent: null,
      data: null,
      prevHash: null,
      hash: 'x',
      ...extra,
    });
    const agreement = {
      family: 'standard',
      form: { email: 'maria@example.com', full_name: 'Maria' },
      events: [
        event('sent', 0, 'csm@prosign.example', '10.0.0.1'),
        event('viewed', 5, 'signer', '10.0.0.2', {
          data: { channel: 'phone' },
          userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148',
        }),
        event('signature_saved', 9, 'signer', '10.0.0.2'),
        event('consent', 7, 'signer', '10.0.0.2'),
        event('viewed', 8, 'signer', '10.0.0.3'),
        event('deleted', 10, 'admin@prosign.example', '10.0.0.1'),
      ],
    } as unknown as Parameters<typeof auditEventsOf>[0];
    expect(auditEventsOf(agreement)).toEqual([
      { type: 'sent', at: at(0), ip: '10.0.0.1', actor: 'csm@prosign.example' },
      {
        type: 'viewed',
        at: at(5),
        ip: '10.0.0.2',
        actor: 'maria@example.com',
        via: 'text message',
        device: 'phone',
        // The browser in words for the certificate of completion.
        userAgent: 'Unknown browser on iOS 18 (phone)',
      },
      { type: 'consent', at: at(7), ip: '10.0.0.2', actor: 'maria@example.com' },
      { type: 'viewed', at: at(8), ip: '10.0.0.3', actor: 'maria@example.com' },
      { type: 'signature_saved', at: at(9), ip: '10.0.0.2', actor: 'maria@example.com' },
    ]);
  });
});

describe('VerifyService: the seal section', () => {
  const sealedSha = createHash('sha256').update('%PDF-1.7 sealed').digest('hex');
  const agreement = {
    _id: 'a1',
    family: 'standard',
    status: 'signed',
    form: { email: 'maria@example.com', full_name: 'Maria', csm_email: 'csm@prosign.example' },
    events: [],
    signedAt: new Date('2026-11-27T18:42:13Z'),
    signedSha256: sealedSha,
    signedDocLink: 'https://docs.example/document/d/doc-1/edit',
  };
  function service(record: { revision: number; archiveExtensions?: { sha256: string }[] }) {
    const reads: number[] = [];
    const links = { findByKey: jest.fn(async () => agreement) };
    const eventLog = { checkChain: jest.fn(async () => ({ intact: true })) };
    const documents = {
      find: jest.fn(async (docId: string) => ({ _id: docId, ...record })),
      readCurrentPdf: jest.fn(async (found: { revision: number }) => {
        reads.push(found.revision);
        return Buffer.from('%PDF-1.7 not sealed');
      }),
    };
    return {
      verify: new VerifyService(
        links as unknown as ConstructorParameters<typeof VerifyService>[0],
        eventLog as unknown as ConstructorParameters<typeof VerifyService>[1],
        documents as unknown as ConstructorParameters<typeof VerifyService>[2],
      ),
      reads,
      documents,
    };
  }

  it('adds the report of the stored sealed PDF, read once per revision', async () => {
    const record = { revision: 1 };
    const { verify, reads, documents } = service(record);
    const view = await verify.view('v-1');
    expect(documents.find).toHaveBeenCalledWith('doc-1');
    expect(view.seal).toMatchObject({ found: false, level: null });
    await verify.view('v-1');
    expect(reads).toEqual([1]);
    record.revision = 2; // an archive extension
    await verify.view('v-1');
    expect(reads).toEqual([1, 2]);
  });

  it('has no seal section before the agreement is sealed', async () => {
    const { verify } = service({ revision: 1 });
    agreement.signedDocLink = null as unknown as string;
    try {
      expect((await verify.view('v-1')).seal).toBeNull();
    } finally {
      agreement.signedDocLink = 'https://docs.example/document/d/doc-1/edit';
    }
  });

  it("checks an upload: the original's hash or a later archive revision's, and what the file carries", async () => {
    const extended = Buffer.from('%PDF-1.7 sealed, time-stamped again');
    const { verify } = service({
      revision: 2,
      archiveExtensions: [{ sha256: createHash('sha256').update(extended).digest('hex') }],
    });
    const original = await verify.check('v-1', Buffer.from('%PDF-1.7 sealed'));
    expect(original).toMatchObject({ matches: true, expectedSha256: sealedSha });
    expect(original.seal).toMatchObject({ found: false });
    expect((await verify.check('v-1', extended)).matches).toBe(true);
    expect((await verify.check('v-1', Buffer.from('%PDF-1.7 other'))).matches).toBe(false);
  });
});

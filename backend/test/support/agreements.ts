import type { INestApplicationContext } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { contractSearchText, initialStatus, type ContractStatus } from '@prosign/domain';
import { Types, type Connection, type Model } from 'mongoose';
import { randomBytes } from 'node:crypto';
import {
  agreementMailKey,
  type AgreementMailKind,
} from '../../src/modules/agreements/agreement-mail-keys';
import { AgreementRecordCreationRepository } from '../../src/modules/agreements/agreement-record-creation.repository';
import { Agreement } from '../../src/modules/agreements/agreement.schema';
import type { EventInput } from '../../src/modules/agreements/event-chain';
import type { StandardContractForm } from '../../src/modules/families/contracts/standard-contract.form';

export type StoredStandard = Agreement<StandardContractForm> & { _id: Types.ObjectId };

/** The agreements collection's model, for reading (and, to set a scene, writing) records. */
export function agreementModel(
  app: INestApplicationContext,
): Model<Agreement<StandardContractForm>> {
  return app.get(getModelToken(Agreement.name), { strict: false });
}

/** The stored standard agreement of a signing token (the test reads the record itself). */
export async function storedByToken(
  app: INestApplicationContext,
  token: string,
): Promise<StoredStandard | null> {
  return agreementModel(app).findOne({ token }).lean<StoredStandard>();
}

/** The event types of an agreement's log, oldest first. */
export function eventTypes(agreement: Pick<Agreement, 'events'> | null | undefined): string[] {
  return (agreement?.events ?? []).map((event) => event.type);
}

function standardForm(overrides: Partial<StandardContractForm> = {}): StandardContractForm {
  return {
    full_name: 'Maria Elena Alvarez',
    email: 'maria.alvarez@example.com',
    company_name: '',
    contact_number: '',
    cc_email: '',
    site_address: '',
    city: '',
    state: '',
    zipcode: '',
    cost: 12500,
    deposit: 2500,
    progress: 0,
    balance: 10000,
    csm_email: 'csm@prosign.example',
    pm_email: '',
    form_type: 'Structural Engineering',
    t24ReportCount: 0,
    contractIntro: '',
    contractTitle: '',
    contractEngineerBasicService: '',
    contractEngineerAddService: '',
    contractDescription: '',
    contractPayment: '',
    contractLicense: '',
    contractTermsAndConditions: '',
    hsDealId: null,
    ...overrides,
  };
}

/**
 * A standard agreement written straight to the database in the given state,
 * as the send and the signing flow would have left it (with its sign link and
 * a chained event log), for tests that need many records or a past state.
 */
export async function insertStandardAgreement(
  app: INestApplicationContext,
  input: {
    status: ContractStatus | null;
    form?: Partial<StandardContractForm>;
    token?: string;
    docLink?: string;
    createdAt?: Date | null;
    fields?: Partial<Agreement<StandardContractForm>> & Record<string, unknown>;
    events?: EventInput[];
  },
): Promise<{ token: string; _id: Types.ObjectId }> {
  const token = input.token ?? randomBytes(24).toString('base64url');
  const form = standardForm(input.form);
  const _id = new Types.ObjectId();
  const createdAt = input.createdAt === undefined ? new Date() : input.createdAt;
  const events: EventInput[] =
    input.events ??
    (input.status
      ? [
          {
            type: 'sent',
            actor: form.csm_email,
            at: createdAt ?? new Date(),
            status: initialStatus('standard'),
          },
        ]
      : []);
  await app.get(AgreementRecordCreationRepository, { strict: false }).importRecord(
    {
      _id,
      family: 'standard',
      token,
      docLink: input.docLink ?? `https://prosign.example.com/api/documents/d/doc-${token}/edit`,
      signingLink: `https://sign.example/${token}`,
      form,
      sentBy: form.csm_email,
      status: input.status,
      createdAt: input.status ? createdAt : null,
      searchText: input.status ? contractSearchText(form) : '',
      send: {
        state: input.status ? 'completed' : 'in_progress',
        steps: {},
        startedAt: new Date(),
        completedAt: null,
        failedStep: null,
        lastError: null,
        attempts: 0,
        leaseUntil: null,
        runner: null,
        params: {},
      },
      ...input.fields,
    },
    events,
    { sendKey: `test-${token}` },
  );
  return { token, _id };
}

/**
 * The delivery key of a mail of the agreement a link token opens (`sow-cc-copy.{agreementId}`):
 * mail keys name agreements by `_id`, never by the token.
 */
export async function mailKeyOfLink(
  connection: Connection,
  token: string,
  kind: AgreementMailKind,
): Promise<string> {
  const agreement = await connection
    .collection<Pick<Agreement, 'family'> & { _id: Types.ObjectId }>('agreements')
    .findOne({ token }, { projection: { family: 1 } });
  if (!agreement) throw new Error(`no agreement has the link ${token}`);
  return agreementMailKey(agreement, kind);
}

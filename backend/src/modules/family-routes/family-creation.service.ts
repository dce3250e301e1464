import { Injectable, NotFoundException } from '@nestjs/common';
import type { AgreementFamily } from '@prosign/domain';
import {
  AgreementCreationService,
  familyConfig,
  fieldErrorsException,
  type FamilyCreation,
  type SendActor,
} from '../agreements';
import { DocumentsService } from '../documents';
import { createBodyOf, sendBodyOf } from './family-creation.dto';

/** What a generic send answers: as the SOW and CO sends do. */
export interface FamilySendResult {
  signaturePageLink: string;
  customId: string;
  _id: string;
  status: string | null;
}

/**
 * Creating and sending an agreement of a family with no module of its own, from its
 * server half's `creation`: the form checked by its `formOf` (400 with field errors,
 * nothing stored), its document copied from its template, and the send on the
 * agreement core (`AgreementCreationService`), signers and Edit and Resend as the
 * SOW and CO sends take them.
 */
@Injectable()
export class FamilyCreationService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly creation: AgreementCreationService,
  ) {}

  /** `POST /api/{prefix}/create-contract`: the document to preview and send. */
  async create(family: AgreementFamily, body: unknown): Promise<{ docLink: string }> {
    const { envelope, input } = await createBodyOf(body);
    const creation = creationOf(family);
    const form = checkedForm(creation, input);
    const created = await this.documents.createFromTemplate({
      templateDocId: creation.template._id,
      values: creation.documentValues(form),
      sectionOverrides: {},
      documentDate: new Date(),
      signatureParties: this.creation.signatureParties(family, form, envelope),
    });
    return { docLink: created.docLink };
  }

  /** `POST /api/{prefix}/send-contract`: the signer gets the family's link. */
  async send(family: AgreementFamily, body: unknown, actor: SendActor): Promise<FamilySendResult> {
    const { envelope, input } = await sendBodyOf(body);
    const creation = creationOf(family);
    return this.creation.send(family, envelope, async () => checkedForm(creation, input), actor);
  }

  /** `POST /api/{prefix}/send-contract-cc`: the document to the cc addresses, once. */
  sendCopy(family: AgreementFamily, docLink: string, actor: SendActor): Promise<{ success: true }> {
    return this.creation.sendCopy(family, docLink, actor);
  }
}

function creationOf(family: AgreementFamily): FamilyCreation<object> {
  const creation = familyConfig(family).creation;
  if (!creation) throw new NotFoundException(`The ${family} family has no generic creation.`);
  return creation;
}

/** The family's form from the body, or the 400 naming each wrong field. */
function checkedForm(creation: FamilyCreation<object>, input: Record<string, unknown>): object {
  const checked = creation.formOf(input);
  if ('errors' in checked) throw fieldErrorsException(checked.errors);
  return checked.form;
}

import { Controller, Req, StreamableFile } from '@nestjs/common';
import type {
  AgreementEventPage,
  AgreementPageAnswer,
  PublicAgreement,
  PublicApiInput as Input,
  ReminderSentAnswer,
} from '@prosign/domain';
import {
  CurrentApiKey,
  type ApiKeyPrincipal,
  type ApiKeyRequest,
} from '../../platform/public-api/public-api.decorators';
import { pdfFile } from '../documents';
import { PublicAgreementCreationService } from './public-agreement-creation.service';
import { PublicAgreementsService } from './public-agreements.service';
import { apiKeyActor, PublicApiInput, PublicApiRoute } from './public-api-route.decorator';

/**
 * `/api/v1/agreements`: each route, its scope and its schemas are libs/domain's route table's
 * (`@PublicApiRoute`); the services do the work.
 */
@Controller()
export class AgreementsV1Controller {
  constructor(
    private readonly agreements: PublicAgreementsService,
    private readonly creation: PublicAgreementCreationService,
  ) {}

  @PublicApiRoute('listAgreements')
  list(@PublicApiInput() input: Input<'listAgreements'>): Promise<AgreementPageAnswer> {
    return this.agreements.list(input);
  }

  @PublicApiRoute('createAgreement')
  create(
    @PublicApiInput() { body }: Input<'createAgreement'>,
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Req() request: ApiKeyRequest,
  ): Promise<PublicAgreement> {
    return this.creation.create(body, apiKeyActor(key, request));
  }

  @PublicApiRoute('getAgreement')
  get(@PublicApiInput() { params }: Input<'getAgreement'>): Promise<PublicAgreement> {
    return this.agreements.get(params.id);
  }

  @PublicApiRoute('sendAgreement')
  send(
    @PublicApiInput() { params }: Input<'sendAgreement'>,
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Req() request: ApiKeyRequest,
  ): Promise<PublicAgreement> {
    return this.creation.send(params.id, apiKeyActor(key, request));
  }

  @PublicApiRoute('remindAgreement')
  remind(
    @PublicApiInput() { params }: Input<'remindAgreement'>,
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Req() request: ApiKeyRequest,
  ): Promise<ReminderSentAnswer> {
    return this.agreements.remind(params.id, apiKeyActor(key, request));
  }

  @PublicApiRoute('voidAgreement')
  void(
    @PublicApiInput() { params }: Input<'voidAgreement'>,
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Req() request: ApiKeyRequest,
  ): Promise<PublicAgreement> {
    return this.agreements.void(params.id, apiKeyActor(key, request));
  }

  @PublicApiRoute('cancelAgreement')
  cancel(
    @PublicApiInput() { params }: Input<'cancelAgreement'>,
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Req() request: ApiKeyRequest,
  ): Promise<PublicAgreement> {
    return this.agreements.cancel(params.id, apiKeyActor(key, request));
  }

  @PublicApiRoute('downloadSealedPdf')
  async sealedPdf(
    @PublicApiInput() { params }: Input<'downloadSealedPdf'>,
  ): Promise<StreamableFile> {
    return pdfFile(await this.agreements.sealedFile(params.id, 'sealed'), 'attachment');
  }

  @PublicApiRoute('downloadCertificate')
  async certificate(
    @PublicApiInput() { params }: Input<'downloadCertificate'>,
  ): Promise<StreamableFile> {
    return pdfFile(await this.agreements.sealedFile(params.id, 'certificate'), 'attachment');
  }

  @PublicApiRoute('listAgreementEvents')
  events(@PublicApiInput() input: Input<'listAgreementEvents'>): Promise<AgreementEventPage> {
    return this.agreements.events(input);
  }
}

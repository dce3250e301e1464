import { AgreementCrmEvents } from '../agreements';
import { OtherSignerSigning } from './other-signer.service';
import { SigningBookmarksReader } from './signing-bookmarks';
import { SigningFinishPlan } from './signing-finish-plan';
import { SigningFinishService } from './signing-finish.service';
import { SignerSignatureService } from './signer-signature.service';
import { SigningService } from './signing.service';

/** The signer calls and the finish, as every process that signs provides them (api, worker, seed). */
export const SIGNING_CORE_PROVIDERS = [
  SigningService,
  SignerSignatureService,
  OtherSignerSigning,
  SigningBookmarksReader,
  SigningFinishPlan,
  SigningFinishService,
  // The first view tells the deal's CRM record; stateless, over the CRM writes.
  AgreementCrmEvents,
];

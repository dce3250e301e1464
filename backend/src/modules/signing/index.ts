/**
 * Signing: what other modules may use (the families' link-signing controllers, the
 * seeders); the rest of this directory is internal. Other modules import only
 * this file or its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { linkSigningController } from './link-signing.controller';
export { closedLinkError, SigningService } from './signing.service';
export { RequireEmailCode } from './email-code.guard';
export { SignerRateLimit } from './signer-throttle';
export { SignerSignatureService } from './signer-signature.service';
export { SigningFinishService } from './signing-finish.service';
export { SIGNING_CORE_PROVIDERS } from './signing-core-providers';
export {
  SIGNER_FIELD_VALUES,
  type SignerAttachment,
  type SignerFieldValues,
} from './signer-field-values';

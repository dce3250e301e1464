import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { isLinkSigned } from '@prosign/domain';
import { AccessModule } from '../access/access.module';
import { agreementLifecycleController, allFamilyConfigs } from '../agreements';
import { AgreementActionsModule } from '../agreements/agreement-actions.module';
import { DocumentsCoreModule } from '../documents/documents.module';
import { linkSigningController } from '../signing';
import { familyCreationController } from './family-creation.controller';
import { FamilyCreationService } from './family-creation.service';

/** `co` → `Co`, for controller names (`CoLifecycleController`). */
function pascalOf(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/**
 * Every registered family's routes (docs/architecture.md#contract-families-on-one-agreement-core),
 * built from the registry when the app is built, so a family registered before
 * `createApiApp` has them too: its dashboard list and actions
 * (`agreementLifecycleController`), for a link-signed family its signer's calls
 * (`linkSigningController`, with its server half's `signingView`), and for a family
 * with a `creation` the generic creation routes. A family's own module adds only what
 * is its own (its creation screen's calls, its templates).
 */
@Module({})
export class FamilyRoutesModule {
  static forRegisteredFamilies(): DynamicModule {
    const controllers: Type<unknown>[] = [];
    for (const { family, creation } of allFamilyConfigs()) {
      const name = pascalOf(family);
      controllers.push(
        agreementLifecycleController(family, { name: `${name}LifecycleController` }),
      );
      if (isLinkSigned(family)) {
        controllers.push(linkSigningController(family, { name: `${name}SigningController` }));
      }
      if (creation) {
        controllers.push(familyCreationController(family, { name: `${name}CreationController` }));
      }
    }
    return {
      module: FamilyRoutesModule,
      imports: [AccessModule, AgreementActionsModule, DocumentsCoreModule],
      controllers,
      providers: [FamilyCreationService],
    };
  }
}

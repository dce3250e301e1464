const path = require('node:path');
const { RuleTester } = require('eslint');
const tseslint = require('typescript-eslint');
const rule = require('./module-boundaries.cjs');

// Files need not exist: the rule only resolves paths.
const sourceRoot = path.join(__dirname, 'fixture', 'src');
const file = (relativePath) => path.join(sourceRoot, relativePath);
const options = [{ sourceRoot }];

const valid = [
  // Another module's index, or its Nest module files.
  { filename: file('modules/mail/mail.service.ts'), code: "import { X } from '../documents';" },
  { filename: file('modules/mail/dto/x.dto.ts'), code: "import { X } from '../../documents';" },
  {
    filename: file('modules/terms/terms.module.ts'),
    code: "import { ServiceStoreModule } from '../services/service-store.module';",
  },
  {
    filename: file('modules/documents/documents.service.ts'),
    code: "import type { DocumentsPort } from '../../integrations/documents/index';",
  },
  // Own files, platform, packages, files outside any module.
  {
    filename: file('modules/documents/layout/agreement-layout.ts'),
    code: "import { stamp } from '../pdf/pdf-tools';",
  },
  {
    filename: file('modules/mail/mail.service.ts'),
    code: "import { AppConfig } from '../../platform/config/app-config';",
  },
  {
    filename: file('modules/mail/mail.service.ts'),
    code: "import { Injectable } from '@nestjs/common';",
  },
  {
    filename: file('api.module.ts'),
    code: "import { MailModule } from './modules/mail/mail.module';",
  },
  {
    filename: file('integrations/integrations.module.ts'),
    code: "import { CrmIntegrationModule } from './crm/crm.module';",
  },
  // An index re-exports its own files (but not its Nest modules).
  {
    filename: file('modules/services/index.ts'),
    code: "export { ServiceRepository } from './service.repository';",
  },
  // A controller may use a port or a service an integration exports.
  {
    filename: file('modules/maps/maps.controller.ts'),
    code: "import { MAPS_PORT, type MapsPort } from '../../integrations/maps';",
  },
  {
    filename: file('modules/mail/mailbox.controller.ts'),
    code: "import { CaughtMailService } from '../../integrations/mail';",
  },
  // An adapter may use another integration's index.
  {
    filename: file('integrations/maps/local-maps.adapter.ts'),
    code: "import { localCrmCollections } from '../crm';",
  },
];

const invalid = [
  {
    filename: file('modules/crm/crm.controller.ts'),
    code: "import { SignerCallsService } from '../signing/signer-calls.service';",
    errors: [
      {
        messageId: 'internal',
        data: {
          source: '../signing/signer-calls.service',
          unit: 'modules/signing',
          index: '../signing',
        },
      },
    ],
  },
  {
    filename: file('modules/documents/templates/x.seeder.ts'),
    code: "import type { Seeder } from '../../services/dto/service.dto';",
    errors: [
      {
        messageId: 'internal',
        data: {
          source: '../../services/dto/service.dto',
          unit: 'modules/services',
          index: '../../services',
        },
      },
    ],
  },
  {
    filename: file('integrations/documents/local-documents.adapter.ts'),
    code: "import { renderAgreement } from '../../modules/documents/layout/agreement-layout';",
    errors: [
      {
        messageId: 'internal',
        data: {
          source: '../../modules/documents/layout/agreement-layout',
          unit: 'modules/documents',
          index: '../../modules/documents',
        },
      },
    ],
  },
  {
    filename: file('main.mail-catcher.ts'),
    code: "import { MailCatcher } from './integrations/mail/mail-catcher';",
    errors: [
      {
        messageId: 'internal',
        data: {
          source: './integrations/mail/mail-catcher',
          unit: 'integrations/mail',
          index: './integrations/mail',
        },
      },
    ],
  },
  {
    filename: file('integrations/maps/local-maps.adapter.ts'),
    code: "import { localCrmCollections } from '../crm/local-crm.collections';",
    errors: [{ messageId: 'internal' }],
  },
  // A Nest module below the module's top level is internal too.
  {
    filename: file('api.module.ts'),
    code: "import { X } from './modules/documents/pdf/pdf.module';",
    errors: [{ messageId: 'internal' }],
  },
  // Re-exports and dynamic imports count.
  {
    filename: file('modules/crm/index.ts'),
    code: "export { X } from '../signing/signing.service';",
    errors: [{ messageId: 'internal' }],
  },
  {
    filename: file('modules/crm/crm.service.ts'),
    code: "const m = import('../signing/signing.service');",
    errors: [{ messageId: 'internal' }],
  },
  // A module's files do not go through their own index; the index leaves Nest modules out.
  {
    filename: file('modules/documents/documents.service.ts'),
    code: "import { X } from '.';",
    errors: [{ messageId: 'ownIndex' }],
  },
  {
    filename: file('modules/documents/pdf/pdf-tools.ts'),
    code: "import { X } from '../index';",
    errors: [{ messageId: 'ownIndex' }],
  },
  {
    filename: file('modules/documents/index.ts'),
    code: "export { DocumentsModule } from './documents.module';",
    errors: [{ messageId: 'moduleInIndex' }],
  },
  // Controllers never use an adapter's internals, even in their own integration or via an index.
  {
    filename: file('modules/mail/mailbox.controller.ts'),
    code: "import { caughtMails } from '../../integrations/mail/caught-mail.collection';",
    errors: [{ messageId: 'controllerAdapter' }, { messageId: 'internal' }],
  },
  {
    filename: file('integrations/identity/local-identity.controller.ts'),
    code: "import { LocalIdentityAdapter } from './local-identity.adapter';",
    errors: [{ messageId: 'controllerAdapter' }],
  },
  {
    filename: file('modules/maps/maps.controller.ts'),
    code: "import { MAPS_PORT, LocalMapsAdapter, localCrmCollections as c } from '../../integrations/maps';",
    errors: [
      { messageId: 'controllerAdapterName', data: { name: 'LocalMapsAdapter' } },
      { messageId: 'controllerAdapterName', data: { name: 'localCrmCollections' } },
    ],
  },
];

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('module-boundaries', rule, {
  valid: valid.map((test) => ({ ...test, options })),
  invalid: invalid.map((test) => ({ ...test, options })),
});

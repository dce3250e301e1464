const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterAll } = require('@jest/globals');
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
  // Imports run down the layers (platform < integrations < features < agreements < signing
  // < families and flows < seed < root), or stay in their layer.
  {
    filename: file('modules/signing/signer-crm.controller.ts'),
    code: "import { CrmService } from '../crm';",
  },
  {
    filename: file('modules/agreements/agreement-actions.module.ts'),
    code: "import { MailModule } from '../mail/mail.module';",
  },
  {
    filename: file('modules/families/sow/sow.module.ts'),
    code: "import { SigningModule } from '../../signing/signing.module';",
  },
  // A family's module is a unit of the family layer because of its folder, whatever its name.
  {
    filename: file('modules/families/lease/lease.module.ts'),
    code: "import { AgreementActionsModule } from '../../agreements/agreement-actions.module';",
  },
  {
    filename: file('modules/families/lease/dto/lease.dto.ts'),
    code: "import { X } from '../lease-form';",
  },
  {
    filename: file('modules/families/co/co.module.ts'),
    code: "import { SowTemplatesService } from '../sow';",
  },
  {
    filename: file('modules/family-routes/family-routes.module.ts'),
    code: "import { linkSigningController } from '../signing';",
  },
  {
    filename: file('seed/contracts-demo.seeder.ts'),
    code: "import type { Seeder } from '../platform/database/seeder';",
  },
  {
    filename: file('seed/seeders.ts'),
    code: "import { ContractsMigrationSeeder } from '../modules/families/contracts';",
  },
  {
    filename: file('platform/realtime/staff-room.gateway.ts'),
    code: "import { SessionService } from '../auth/session.service';",
  },
  {
    filename: file('integrations/documents/local-documents.adapter.ts'),
    code: "import { DocumentRepository } from './store/document.repository';",
  },
  {
    filename: file('main.seed.ts'),
    code: "import { SeedModule } from './seed/seed.module';",
  },
  {
    filename: file('modules/newfeature/newfeature.service.ts'),
    code: "import { MailService } from '../mail';",
  },
];

const upward = (filename, code) => ({
  filename: file(filename),
  code,
  errors: [{ messageId: 'upward' }],
});

const invalid = [
  // An import that runs up the layers fails, whatever its form.
  {
    filename: file('platform/realtime/staff-room.gateway.ts'),
    code: "import { AccessModule } from '../../modules/access/access.module';",
    errors: [
      {
        messageId: 'upward',
        data: {
          source: '../../modules/access/access.module',
          toLayer: 'the feature modules (2)',
          fromLayer: 'platform (0)',
          from: 'platform/realtime',
        },
      },
    ],
  },
  upward(
    'integrations/identity/identity.module.ts',
    "import { AuthModule } from '../../modules/auth/auth.module';",
  ),
  upward(
    'integrations/documents/documents.port.ts',
    "import type { DocumentRecord } from '../../modules/documents';",
  ),
  upward(
    'modules/mail/mail.module.ts',
    "import { AgreementsModule } from '../agreements/agreements.module';",
  ),
  upward('modules/crm/crm.controller.ts', "import { SignerCallsService } from '../signing';"),
  upward(
    'modules/agreements/agreement-send.service.ts',
    "import { SigningService } from '../signing';",
  ),
  upward('modules/signing/signing.service.ts', "import { X } from '../families/sow';"),
  upward('modules/agreements/agreement-family.ts', "import { X } from '../families/lease';"),
  upward('modules/services/services.seeder.ts', "import type { Seeder } from '../../seed/seeder';"),
  upward(
    'modules/families/contracts/contracts.service.ts',
    "export { X } from '../../../seed/demo-agreements';",
  ),
  // Another family's internals: only its index or its *.module files.
  {
    filename: file('modules/families/co/co.service.ts'),
    code: "import { X } from '../sow/sow-form';",
    errors: [
      {
        messageId: 'internal',
        data: { source: '../sow/sow-form', unit: 'modules/families/sow', index: '../sow' },
      },
    ],
  },
  upward('seed/seed.module.ts', "import { ApiModule } from '../api.module';"),
  upward(
    'modules/mail/mail.service.ts',
    "import { MIGRATIONS } from '../../migrations/migrations';",
  ),
  upward('migrations/migrations.ts', "import { ApiModule } from '../api.module';"),
  upward('platform/queues/queues.module.ts', "const m = import('../../integrations/mail');"),

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

// Loops between units are read from disk: a small tree in a temporary directory, where
// services and terms import each other and mail imports terms.
const loopRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'module-boundaries-'));
afterAll(() => fs.rmSync(loopRoot, { recursive: true, force: true }));
const tree = {
  'modules/services/index.ts': "export { ServiceRepository } from './service.repository';",
  'modules/services/services.service.ts': "import { TermsRepository } from '../terms';",
  'modules/terms/index.ts': "export { TermsRepository } from './terms.repository';",
  'modules/terms/terms.service.ts': "import { ServiceRepository } from '../services';",
  'modules/mail/mail.service.ts': "import { TermsRepository } from '../terms';",
};
for (const [relativePath, text] of Object.entries(tree)) {
  fs.mkdirSync(path.dirname(path.join(loopRoot, relativePath)), { recursive: true });
  fs.writeFileSync(path.join(loopRoot, relativePath), `${text}\n`);
}
const loopOptions = [{ sourceRoot: loopRoot }];
const loopValid = [
  {
    filename: path.join(loopRoot, 'modules/mail/mail.service.ts'),
    code: "import { TermsRepository } from '../terms';",
  },
];
const loopInvalid = [
  {
    filename: path.join(loopRoot, 'modules/terms/terms.service.ts'),
    code: "import { ServiceRepository } from '../services';",
    errors: [
      {
        messageId: 'loop',
        data: { source: '../services', to: 'modules/services', from: 'modules/terms' },
      },
    ],
  },
];

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('module-boundaries', rule, {
  valid: [
    ...valid.map((test) => ({ ...test, options })),
    ...loopValid.map((test) => ({ ...test, options: loopOptions })),
  ],
  invalid: [
    ...invalid.map((test) => ({ ...test, options })),
    ...loopInvalid.map((test) => ({ ...test, options: loopOptions })),
  ],
});

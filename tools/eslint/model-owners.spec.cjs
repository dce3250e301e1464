const path = require('node:path');
const { RuleTester } = require('eslint');
const tseslint = require('typescript-eslint');
const rule = require('./model-owners.cjs');

// Files need not exist: the rule reads only their names.
const file = (relativePath) => path.join(process.cwd(), 'backend', relativePath);

const repository = `
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CoTemplate } from './co-template.schema';

@Injectable()
export class CoTemplateRepository {
  constructor(@InjectModel(CoTemplate.name) private readonly templates: Model<CoTemplate>) {}
  existsNamed(name: string) {
    return this.templates.exists({ name });
  }
}`;

const valid = [
  // A repository injects its collection's model and uses it through `this`.
  { filename: file('src/modules/co/co-template.repository.ts'), code: repository },
  {
    filename: file('src/integrations/documents/store/document.repository.ts'),
    code: `
      import { InjectModel } from '@nestjs/mongoose';
      class DocumentRepository {
        constructor(@InjectModel('DocumentRecord') private readonly model: unknown) {}
        ids() { return this.model.db.collection('derived_document_ids'); }
      }`,
  },
  // A Nest module registers schemas (and may name a model's token).
  {
    filename: file('src/modules/co/co.module.ts'),
    code: `
      import { MongooseModule, getModelToken } from '@nestjs/mongoose';
      const imports = [MongooseModule.forFeature([{ name: 'CoTemplate', schema: {} }])];
      const token = getModelToken('CoTemplate');`,
  },
  // A service calls its repository's named methods.
  {
    filename: file('src/modules/co/co-templates.service.ts'),
    code: `
      class CoTemplatesService {
        constructor(private readonly templates: CoTemplateRepository) {}
        list() { return this.templates.listNames(); }
      }`,
  },
  // Tests may read a collection's model to see what a request stored.
  {
    filename: file('test/support/agreements.ts'),
    code: `
      import { getModelToken } from '@nestjs/mongoose';
      export const agreements = (app) => app.get(getModelToken('Agreement'), { strict: false });
      const links = connection.model('AgreementLink', schema);`,
  },
  {
    filename: file('src/modules/documents/pdf/pdf-sealer.spec.ts'),
    code: "import { getModelToken } from '@nestjs/mongoose'; getModelToken('SealCertificate');",
  },
  // Functions of the same name from elsewhere, and other properties.
  {
    filename: file('src/modules/access/access.service.ts'),
    code: `
      import { InjectModel } from './not-mongoose';
      InjectModel('StaffUser');
      const value = record.models;
      const name = this.model;`,
  },
];

const invalid = [
  // A service, a seeder, an adapter injecting a model.
  {
    filename: file('src/modules/access/access.service.ts'),
    code: `
      import { InjectModel } from '@nestjs/mongoose';
      class AccessService {
        constructor(@InjectModel('StaffUser') private readonly users: unknown) {}
      }`,
    errors: [{ messageId: 'inject', data: { name: 'InjectModel' } }],
  },
  {
    filename: file('src/seed/co-demo.seeder.ts'),
    code: `
      import { InjectModel as Model } from '@nestjs/mongoose';
      class CoDemoSeeder {
        constructor(@Model('CoTemplate') private readonly templates: unknown) {}
      }`,
    errors: [{ messageId: 'inject', data: { name: 'InjectModel' } }],
  },
  {
    filename: file('src/integrations/crm/crm.module-factory.ts'),
    code: `
      import * as mongoose from '@nestjs/mongoose';
      const provider = { inject: [mongoose.getModelToken('Deal')] };`,
    errors: [{ messageId: 'inject', data: { name: 'getModelToken' } }],
  },
  // A repository whose model is not private.
  {
    filename: file('src/modules/services/terms.repository.ts'),
    code: `
      import { InjectModel } from '@nestjs/mongoose';
      class TermsRepository {
        constructor(@InjectModel('TermsVersion') readonly model: unknown) {}
      }`,
    errors: [{ messageId: 'publicModel' }],
  },
  {
    filename: file('src/modules/services/service.repository.ts'),
    code: `
      import { InjectModel } from '@nestjs/mongoose';
      class ServiceRepository {
        @InjectModel('ServiceSetting') protected readonly settings: unknown;
        constructor(
          @InjectModel('ServiceEntity') private readonly model: unknown,
          @InjectModel('ServiceChange') public changes: unknown,
        ) {}
      }`,
    errors: [{ messageId: 'publicModel' }, { messageId: 'publicModel' }],
  },
  // Reaching into a repository's model, or looking a model up on a connection.
  {
    filename: file('src/modules/documents/documents.service.ts'),
    code: 'await this.documents.model.updateOne({ _id: id }, { $set: { sealLevel } });',
    errors: [{ messageId: 'foreignModel' }],
  },
  {
    filename: file('src/modules/services/services.seeder.ts'),
    code: 'await insertIfAbsent(services.model.collection, docs);',
    errors: [{ messageId: 'foreignModel' }],
  },
  {
    filename: file('src/modules/co/co-template.repository.ts'),
    code: "const other = this.connection.model('ServiceEntity');",
    errors: [{ messageId: 'foreignModel' }],
  },
];

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('model-owners', rule, {
  valid,
  invalid,
});

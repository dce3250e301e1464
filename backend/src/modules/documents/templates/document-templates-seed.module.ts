import { Module } from '@nestjs/common';
import { DocumentStoreModule } from '../document-store.module';
import { DocumentTemplatesSeeder } from './document-templates.seeder';

@Module({
  imports: [DocumentStoreModule],
  providers: [DocumentTemplatesSeeder],
  exports: [DocumentTemplatesSeeder],
})
export class DocumentTemplatesSeedModule {}

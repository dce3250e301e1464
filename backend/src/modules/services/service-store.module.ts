import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  ServiceChange,
  ServiceChangeSchema,
  ServiceEntity,
  ServiceSchema,
  ServiceSetting,
  ServiceSettingSchema,
} from './service.schema';
import { ServiceRepository } from './service.repository';
import { TermsVersion, TermsVersionSchema } from './terms-version.schema';
import { TermsRepository } from './terms.repository';

/**
 * The services and terms collections; shared by the api modules and the seeders. The terms
 * store lives here, not in modules/terms, because applying new default terms updates
 * services and services read the current terms: one store, so the two modules form no loop.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ServiceEntity.name, schema: ServiceSchema },
      { name: ServiceChange.name, schema: ServiceChangeSchema },
      { name: ServiceSetting.name, schema: ServiceSettingSchema },
      { name: TermsVersion.name, schema: TermsVersionSchema },
    ]),
  ],
  providers: [ServiceRepository, TermsRepository],
  exports: [ServiceRepository, TermsRepository],
})
export class ServiceStoreModule {}

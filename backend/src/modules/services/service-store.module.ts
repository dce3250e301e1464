import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TermsRepository, TermsVersion, TermsVersionSchema } from '../terms';
import {
  ServiceChange,
  ServiceChangeSchema,
  ServiceEntity,
  ServiceSchema,
  ServiceSetting,
  ServiceSettingSchema,
} from './service.schema';
import { ServiceRepository } from './service.repository';

/** The services and terms collections; shared by the api modules and the seeders. */
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
  exports: [ServiceRepository, TermsRepository, MongooseModule],
})
export class ServiceStoreModule {}

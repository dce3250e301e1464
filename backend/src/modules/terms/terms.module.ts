import { Module } from '@nestjs/common';
import { ServiceStoreModule } from '../services/service-store.module';
import { TermsController } from './terms.controller';
import { TermsService } from './terms.service';

@Module({
  imports: [ServiceStoreModule],
  controllers: [TermsController],
  providers: [TermsService],
})
export class TermsModule {}

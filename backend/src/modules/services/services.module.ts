import { Module } from '@nestjs/common';
import { DeletePasswordService } from './delete-password.service';
import { ServiceStoreModule } from './service-store.module';
import { FormsController, ServicesController } from './services.controller';
import { ServicesService } from './services.service';

/** Services (agreement templates) and their form definitions. */
@Module({
  imports: [ServiceStoreModule],
  controllers: [ServicesController, FormsController],
  providers: [ServicesService, DeletePasswordService],
  exports: [ServicesService],
})
export class ServicesModule {}

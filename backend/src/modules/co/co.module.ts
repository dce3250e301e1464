import { Module } from '@nestjs/common';
import { CoCrmController } from './co.controller';
import { CoCrmService } from './co-crm.service';

/** Change orders (spec 3): so far the CO screen's CRM calls; creation and sending come next. */
@Module({
  controllers: [CoCrmController],
  providers: [CoCrmService],
})
export class CoModule {}

import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { StaffDirectory } from '../../platform/auth/staff-directory';
import { StaffSessions } from '../../platform/auth/staff-sessions';
import { AccessAuditRepository } from './access-audit.repository';
import { AccessAuditEntry, AccessAuditSchema } from './access-audit.schema';
import { AccessController } from './access.controller';
import { AccessService } from './access.service';
import { StaffUserRepository } from './staff-user.repository';
import { StaffUser, StaffUserSchema } from './staff-user.schema';

/**
 * Users, roles, access flags and their change record; also the guard's staff directory and
 * the session-to-member lookup over it (StaffSessions).
 * Global in the apps that serve staff (api, seed): the agreement send looks a countersigner
 * up in the directory; the worker has no staff and no directory.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: StaffUser.name, schema: StaffUserSchema },
      { name: AccessAuditEntry.name, schema: AccessAuditSchema },
    ]),
  ],
  controllers: [AccessController],
  providers: [
    StaffUserRepository,
    AccessAuditRepository,
    AccessService,
    { provide: StaffDirectory, useExisting: AccessService },
    StaffSessions,
  ],
  exports: [AccessService, StaffDirectory, StaffSessions],
})
export class AccessModule {}

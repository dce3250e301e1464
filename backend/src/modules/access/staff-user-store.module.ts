import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { StaffUserRepository } from './staff-user.repository';
import { StaffUser, StaffUserSchema } from './staff-user.schema';

/**
 * The staff users' store alone, for a process without the access module (the worker): who the
 * admins are, to mail them about something the worker found (a webhook endpoint disabled).
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: StaffUser.name, schema: StaffUserSchema }])],
  providers: [StaffUserRepository],
  exports: [StaffUserRepository],
})
export class StaffUserStoreModule {}

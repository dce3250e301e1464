import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import type {
  AccessAuditList,
  AccessesForEmail,
  AccessToggled,
  IsAdminResponse,
  StaffUserDeleted,
  StaffUserList,
  StaffUserSaved,
} from '@prosign/domain';
import { CurrentStaff, RequireAccess } from '../../platform/auth/auth.decorators';
import {
  clientIp,
  type StaffPrincipal,
  type StaffRequest,
} from '../../platform/auth/staff-principal';
import { AccessService, MESSAGES, type Actor } from './access.service';
import {
  AddUserDto,
  AuditQueryDto,
  DeleteUserDto,
  ListUsersQueryDto,
  ToggleAccessDto,
  UpdateRolesDto,
} from './dto/access.dto';

/**
 * The /api/access calls of spec 1 §7. Changes need the User Access flag; the
 * acting user is the session's, whatever `performedBy` / `deletedBy` say.
 */
@Controller('access')
export class AccessController {
  constructor(private readonly access: AccessService) {}

  /**
   * Every signed-in staff member may list colleagues (contract screens pick a
   * CSM or PM); the roles and flags of each come only with User Access.
   */
  @Get('user')
  async listUsers(
    @Query() query: ListUsersQueryDto,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<StaffUserList> {
    const users = await this.access.listUsers(query.role);
    if (staff.access.userAccessAccess) return { users };
    // Without User Access: a colleague's e-mail and roles only.
    return { users: users.map(({ email, role }) => ({ email, role })) };
  }

  @Post('user')
  @RequireAccess('userAccessAccess')
  async addUser(
    @Body() body: AddUserDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<StaffUserSaved> {
    const user = await this.access.addUser(body.email, body.role, actorOf(staff, request));
    return { message: `${user.email} was added.`, user };
  }

  @Delete('user')
  @RequireAccess('userAccessAccess')
  async deleteUser(
    @Body() body: DeleteUserDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<StaffUserDeleted> {
    const { email } = await this.access.deleteUser(body.email, actorOf(staff, request));
    return { message: `${email} was deleted.`, email };
  }

  @Put('role')
  @RequireAccess('userAccessAccess')
  async updateRoles(
    @Body() body: UpdateRolesDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<StaffUserSaved> {
    const user = await this.access.updateRoles(body.email, body.role, actorOf(staff, request));
    return { message: `Roles of ${user.email} updated.`, user };
  }

  @Post('toggle-access')
  @HttpCode(HttpStatus.OK)
  @RequireAccess('userAccessAccess')
  async toggleAccess(
    @Body() body: ToggleAccessDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() request: StaffRequest,
  ): Promise<AccessToggled> {
    const email = this.access.normalizeEmail(body.email);
    const access = await this.access.toggleAccess(email, body.accessField, actorOf(staff, request));
    // The updated flags, both at the top level (as the spec's client reads them) and grouped.
    return { success: true, email, access, ...access };
  }

  @Get('is-admin/:email')
  async isAdmin(@Param('email') email: string): Promise<IsAdminResponse> {
    return { isAdmin: await this.access.isAdmin(this.access.normalizeEmail(email)) };
  }

  /** Anyone may read their own flags; other people's need User Access. */
  @Get('get-accesses-for-email/:email')
  async accessesForEmail(
    @Param('email') input: string,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<AccessesForEmail> {
    const email = this.access.normalizeEmail(input);
    if (email !== staff.email && !staff.access.userAccessAccess) {
      throw new ForbiddenException(MESSAGES.notYourAccess);
    }
    return { success: true, access: await this.access.accessFor(email) };
  }

  /** The record of changes to users, roles and flags, newest first. */
  @Get('audit')
  @RequireAccess('userAccessAccess')
  async auditTrail(@Query() query: AuditQueryDto): Promise<AccessAuditList> {
    return { entries: await this.access.auditTrail(query.limit ?? 50) };
  }
}

function actorOf(staff: StaffPrincipal, request: StaffRequest): Actor {
  return { email: staff.email, isAdmin: staff.isAdmin, ip: clientIp(request) };
}

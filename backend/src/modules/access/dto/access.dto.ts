import {
  ACCESS_FLAGS,
  EMAIL_REQUIRED_MESSAGE,
  STAFF_ROLES,
  type AccessAuditParams,
  type AccessFlag,
  type AddUserRequest,
  type DeleteUserRequest,
  type ListUsersParams,
  type StaffRole,
  type ToggleAccessRequest,
  type UpdateRolesRequest,
} from '@prosign/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

const ROLE_MESSAGE = `role must be one or more of: ${STAFF_ROLES.join(', ')}`;

/** One role or a list of roles; duplicates dropped. */
const toRoleList = ({ value }: { value: unknown }): unknown => {
  const list = typeof value === 'string' ? [value] : value;
  return Array.isArray(list) ? [...new Set(list)] : list;
};

/** The e-mail (or just the user name) a call is about; the server appends the company domain. */
class EmailDto {
  @IsString({ message: EMAIL_REQUIRED_MESSAGE })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: EMAIL_REQUIRED_MESSAGE })
  @MaxLength(320)
  email: string;
}

/** `POST /api/access/user {email, role}`: role defaults to csm (spec 1 §5). */
export class AddUserDto extends EmailDto implements AddUserRequest {
  @IsOptional()
  @Transform(toRoleList)
  @IsArray({ message: ROLE_MESSAGE })
  @ArrayNotEmpty({ message: 'Choose at least one role.' })
  @ArrayMaxSize(STAFF_ROLES.length)
  @IsIn(STAFF_ROLES, { each: true, message: ROLE_MESSAGE })
  role?: StaffRole[];

  /** Accepted for compatibility; the acting user comes from the session. */
  @IsOptional()
  @IsString()
  performedBy?: string;
}

/** `DELETE /api/access/user {email, deletedBy}`. */
export class DeleteUserDto extends EmailDto implements DeleteUserRequest {
  /** Accepted for compatibility; the acting user comes from the session. */
  @IsOptional()
  @IsString()
  deletedBy?: string;
}

/** `PUT /api/access/role {email, deletedBy, role}`: the user's complete new role list. */
export class UpdateRolesDto extends EmailDto implements UpdateRolesRequest {
  @Transform(toRoleList)
  @IsArray({ message: ROLE_MESSAGE })
  @ArrayNotEmpty({ message: 'Choose at least one role.' })
  @ArrayMaxSize(STAFF_ROLES.length)
  @IsIn(STAFF_ROLES, { each: true, message: ROLE_MESSAGE })
  role: StaffRole[];

  /** Accepted for compatibility; the acting user comes from the session. */
  @IsOptional()
  @IsString()
  deletedBy?: string;
}

/** `POST /api/access/toggle-access {email, accessField}`. */
export class ToggleAccessDto extends EmailDto implements ToggleAccessRequest {
  @IsIn(ACCESS_FLAGS, { message: `accessField must be one of: ${ACCESS_FLAGS.join(', ')}` })
  accessField: AccessFlag;

  /** Accepted for compatibility; the acting user comes from the session. */
  @IsOptional()
  @IsString()
  performedBy?: string;
}

/** `GET /api/access/user?role=`. */
export class ListUsersQueryDto implements ListUsersParams {
  @IsOptional()
  @IsIn(STAFF_ROLES, { message: `role must be one of: ${STAFF_ROLES.join(', ')}` })
  role?: StaffRole;
}

/** `GET /api/access/audit?limit=`. */
export class AuditQueryDto implements AccessAuditParams {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer between 1 and 200' })
  @Min(1, { message: 'limit must be an integer between 1 and 200' })
  @Max(200, { message: 'limit must be an integer between 1 and 200' })
  limit?: number;
}

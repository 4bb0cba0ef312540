import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  CHILD_MODES,
  PASSWORD_MIN_LENGTH,
  type AddChildRequest,
  type AllowedModesRequest,
  type ChildMode,
  type FilterLevel,
  type ResetPasswordRequest,
  type UpdateChildRequest,
} from '@sprout/shared';
import { IsChildAge, IsFilterLevel } from '../../common/validation';

const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

export class AddChildDto implements AddChildRequest {
  @IsString({ message: 'username is required' })
  @MinLength(1, { message: 'username is required' })
  @MaxLength(100)
  username: string;

  @IsString({ message: 'password is required' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGE })
  @MaxLength(128, { message: 'Password must be at most 128 characters.' })
  password: string;

  @IsChildAge()
  age?: number | null;

  @IsFilterLevel()
  filter?: FilterLevel;
}

/** The client sends the whole child object; only age and filter change, the rest is ignored. */
export class UpdateChildDto implements UpdateChildRequest {
  @Allow()
  uid?: string;

  @Allow()
  username?: string;

  @IsChildAge()
  age?: number | null;

  @IsFilterLevel()
  filter?: FilterLevel;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @IsString({ message: 'password is required' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGE })
  @MaxLength(128, { message: 'Password must be at most 128 characters.' })
  password: string;
}

export class AllowedModesDto implements AllowedModesRequest {
  @IsArray({ message: 'modes must be a list of mode names' })
  @ArrayMaxSize(CHILD_MODES.length * 2)
  @IsIn(CHILD_MODES as unknown as string[], {
    each: true,
    message: `each mode must be one of ${CHILD_MODES.join(', ')}`,
  })
  modes: ChildMode[];
}

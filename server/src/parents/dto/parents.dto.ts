import { Transform } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  CHILD_MODES,
  LOGS_MAX_PAGE_SIZE,
  TIME_RANGES,
  type AddKeywordRequest,
  type ParentLoginRequest,
  type ParentPreferences,
  type ParentSignupRequest,
  type SubscriptionManagementRequest,
  type TimeRange,
  type UnmarkLogRequest,
  type VerifyCheckoutRequest,
} from '@sprout/shared';
import { Trim, toOptionalNumber } from '../../common/validation';

const ID = /^[A-Za-z0-9_-]{1,128}$/;

export class ChildIdParams {
  @Matches(ID, { message: 'child id is not valid' })
  id: string;
}

export class LogsChildParams {
  @Matches(ID, { message: 'child id is not valid' })
  child_id: string;
}

export class LogIdParams {
  @Matches(/^\d{1,19}$/, { message: 'log id is not valid' })
  log_id: string;
}

export class KeywordParams {
  @IsString()
  @MaxLength(200)
  keyword: string;
}

export class LoginDto implements ParentLoginRequest {
  @Trim()
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;
}

export class SignupDto implements ParentSignupRequest {
  @Trim()
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;

  @Equals(true, { message: 'You must accept the Terms and Conditions to sign up.' })
  acceptTerms: boolean;
}

export class EmailDto implements SubscriptionManagementRequest {
  @Trim()
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;
}

export class UsernameQuery {
  @IsString({ message: 'username is required' })
  @Length(1, 100, { message: 'username is required' })
  username: string;
}

export class AddKeywordDto implements AddKeywordRequest {
  @IsString({ message: 'Keyword cannot be empty.' })
  @MaxLength(200)
  keyword: string;
}

export class PreferencesDto implements ParentPreferences {
  @IsBoolean({ message: 'email_notifications must be true or false' })
  email_notifications: boolean;
}

export class UnmarkDto implements UnmarkLogRequest {
  @Matches(ID, { message: 'child_id is required' })
  child_id: string;
}

export class VerifyCheckoutDto implements VerifyCheckoutRequest {
  @IsString({ message: 'session_id is required' })
  @Length(1, 255, { message: 'session_id is required' })
  session_id: string;
}

export class StatsQueryDto {
  @IsOptional()
  @IsIn(TIME_RANGES as unknown as string[], {
    message: 'timeRange must be one of 7days, 30days, all',
  })
  timeRange?: TimeRange;
}

export class LogsQueryDto {
  @Transform(toOptionalNumber)
  @IsOptional()
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  page?: number;

  @Transform(toOptionalNumber)
  @IsOptional()
  @IsInt({ message: `pageSize must be a whole number from 1 to ${LOGS_MAX_PAGE_SIZE}` })
  @Min(1, { message: `pageSize must be a whole number from 1 to ${LOGS_MAX_PAGE_SIZE}` })
  @Max(LOGS_MAX_PAGE_SIZE, {
    message: `pageSize must be a whole number from 1 to ${LOGS_MAX_PAGE_SIZE}`,
  })
  pageSize?: number;

  @IsOptional()
  @IsIn([...CHILD_MODES, 'Explain'], { message: `mode must be one of ${CHILD_MODES.join(', ')}` })
  mode?: string;

  @IsOptional()
  @IsIn(['flagged', 'safe'], { message: 'status must be flagged or safe' })
  status?: 'flagged' | 'safe';
}

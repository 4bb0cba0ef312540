import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import {
  FEEDBACK_DESCRIPTION_REQUIRED,
  FEEDBACK_MAX_LENGTH,
  type FeedbackContext,
  type FeedbackRequest,
  type FeedbackType,
} from '@sprout/shared';
import { Transform } from 'class-transformer';

const text = (max: number) => [IsOptional(), IsString(), MaxLength(max)];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

export class FeedbackContextDto implements FeedbackContext {
  @apply(text(320)) parentUsername?: string | null;
  @apply(text(100)) currentView?: string | null;
  @apply(text(100)) selectedChildUsername?: string | null;
  @apply(text(1000)) userAgent?: string | null;
  @apply(text(2000)) url?: string | null;
}

export class FeedbackDto implements FeedbackRequest {
  @IsIn(['issue', 'enhancement'], { message: 'type must be issue or enhancement' })
  type: FeedbackType;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: FEEDBACK_DESCRIPTION_REQUIRED })
  @MaxLength(FEEDBACK_MAX_LENGTH, {
    message: `Please keep the description under ${FEEDBACK_MAX_LENGTH} characters.`,
  })
  content: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => FeedbackContextDto)
  context?: FeedbackContextDto;
}

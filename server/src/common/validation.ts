import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { CHILD_AGE_MAX, CHILD_AGE_MIN, FILTER_LEVELS } from '@sprout/shared';

/** Numbers may arrive as numeric strings from forms; '' and null mean "not given". */
export function toOptionalNumber({ value }: { value: unknown }): unknown {
  if (value === '' || value === null || value === undefined) return null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return value;
}

export const IsChildAge = () =>
  applyDecorators(
    Transform(toOptionalNumber),
    IsOptional(),
    ValidateIf((_o, v) => v !== null),
    IsInt({ message: `age must be a whole number from ${CHILD_AGE_MIN} to ${CHILD_AGE_MAX}` }),
    Min(CHILD_AGE_MIN, {
      message: `age must be a whole number from ${CHILD_AGE_MIN} to ${CHILD_AGE_MAX}`,
    }),
    Max(CHILD_AGE_MAX, {
      message: `age must be a whole number from ${CHILD_AGE_MIN} to ${CHILD_AGE_MAX}`,
    }),
  );

export const IsFilterLevel = () =>
  applyDecorators(
    IsOptional(),
    IsIn(FILTER_LEVELS as unknown as string[], {
      message: 'filter must be one of strict, moderate, lenient',
    }),
  );

/** Trims strings before validation. */
export const Trim = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

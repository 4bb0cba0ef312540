import { IsBoolean, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** Exactly one of the three keys; the controller checks the count (spec §7). */
export class KidPreferencesDto {
  @IsOptional()
  @IsBoolean({ message: 'auto_read_web must be true or false' })
  auto_read_web?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'auto_read_mobile must be true or false' })
  auto_read_mobile?: boolean;

  @ValidateIf(
    (o: KidPreferencesDto) => o.preferred_voice_uri !== undefined && o.preferred_voice_uri !== null,
  )
  @IsString({ message: 'preferred_voice_uri must be a string or null' })
  @MaxLength(512)
  preferred_voice_uri?: string | null;
}

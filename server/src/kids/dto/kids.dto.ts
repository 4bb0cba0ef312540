import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  CHILD_MODES,
  EXPLAIN_MODE,
  HISTORY_ITEM_MAX_LENGTH,
  HISTORY_MAX_ITEMS,
  PROMPT_MAX_LENGTH,
  type ChatHistoryItem,
  type ChatMode,
  type ChatRequest,
  type KidLoginRequest,
} from '@sprout/shared';
import { Trim } from '../../common/validation';

export class KidLoginDto implements KidLoginRequest {
  @IsOptional()
  @Trim()
  @IsEmail({}, { message: 'email must be an email address' })
  email?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  username?: string;

  /** Accepted from test tools and ignored: the password was already checked by the identity service. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;
}

export class ChatHistoryItemDto implements ChatHistoryItem {
  @IsIn(['user', 'assistant'], { message: 'history role must be user or assistant' })
  role: 'user' | 'assistant';

  @IsString({ message: 'history content must be text' })
  @MaxLength(HISTORY_ITEM_MAX_LENGTH, {
    message: `history content must be at most ${HISTORY_ITEM_MAX_LENGTH} characters`,
  })
  content: string;
}

export class ChatDto implements ChatRequest {
  @IsString({ message: 'prompt is required' })
  @MaxLength(PROMPT_MAX_LENGTH * 2, {
    message: `Your message is too long. Please keep it under ${PROMPT_MAX_LENGTH} characters.`,
  })
  prompt: string;

  @IsIn([...CHILD_MODES, EXPLAIN_MODE], {
    message: `mode must be one of ${[...CHILD_MODES, EXPLAIN_MODE].join(', ')}`,
  })
  mode: ChatMode;

  @IsOptional()
  @IsArray({ message: 'history must be a list' })
  @ArrayMaxSize(HISTORY_MAX_ITEMS, {
    message: `history must have at most ${HISTORY_MAX_ITEMS} items`,
  })
  @ValidateNested({ each: true })
  @Type(() => ChatHistoryItemDto)
  history: ChatHistoryItemDto[] = [];
}

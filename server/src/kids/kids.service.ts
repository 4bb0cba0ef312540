import { Injectable } from '@nestjs/common';
import {
  KID_PREFERENCE_KEYS,
  normalizeUsername,
  type KidConfigResponse,
  type KidLoginResponse,
} from '@sprout/shared';
import type { AuthUser } from '../common/auth-user';
import { DomainError, badRequest } from '../common/domain-error';
import { ChildrenService } from '../parents/children.service';
import type { Child } from '../parents/entities/child.entity';
import type { KidPreferencesDto } from '../parents/dto/kid-preferences.dto';
import { CHAT_MESSAGES } from './chat.service';
import type { KidLoginDto } from './dto/kids.dto';

export const PREFERENCE_MESSAGE = `Send exactly one of ${KID_PREFERENCE_KEYS.join(', ')}.`;

@Injectable()
export class KidsService {
  constructor(private readonly children: ChildrenService) {}

  async login(user: AuthUser, dto: KidLoginDto): Promise<KidLoginResponse> {
    const child = await this.me(user);
    const email = this.children.syntheticEmailFor(child.username);
    const claimed =
      dto.email?.toLowerCase() ??
      (dto.username ? this.children.syntheticEmailFor(normalizeUsername(dto.username)) : email);
    if (claimed !== email)
      throw new DomainError(403, 'The username does not match the signed-in account.', 'forbidden');
    return { uid: child.uid, username: child.username, email };
  }

  async config(user: AuthUser): Promise<KidConfigResponse> {
    return this.children.kidConfig(await this.me(user));
  }

  async setPreference(user: AuthUser, dto: KidPreferencesDto): Promise<KidConfigResponse> {
    const keys = KID_PREFERENCE_KEYS.filter((k) => dto[k] !== undefined);
    if (keys.length !== 1) throw badRequest(PREFERENCE_MESSAGE, 'validation_failed');
    return this.children.setKidPreference(await this.me(user), dto);
  }

  private async me(user: AuthUser): Promise<Child> {
    const child = await this.children.find(user.uid);
    if (!child) throw new DomainError(403, CHAT_MESSAGES.noAccount, 'forbidden');
    return child;
  }
}

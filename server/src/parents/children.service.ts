import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import {
  AT_LEAST_ONE_MODE_MESSAGE,
  CHILD_MODES,
  DEFAULT_FILTER_LEVEL,
  USERNAME_MESSAGES,
  isValidUsername,
  normalizeUsername,
  syntheticEmail,
  type Child as ChildView,
  type ChildMode,
  type KidConfigResponse,
} from '@sprout/shared';
import { AppConfig } from '../config/app-config';
import { DomainError, badRequest, notFound } from '../common/domain-error';
import { FIREBASE_ERRORS, FirebaseService, firebaseCode } from '../auth/firebase.service';
import { ChatLogsService } from '../chat-logs/chat-logs.service';
import { Child } from './entities/child.entity';
import type { AddChildDto, UpdateChildDto } from './dto/child.dto';
import type { KidPreferencesDto } from './dto/kid-preferences.dto';

export const MAX_CHILDREN_PER_PARENT = 20;

export function toChildView(child: Child): ChildView {
  return { uid: child.uid, username: child.username, age: child.age, filter: child.filter };
}

/** Children's accounts: the Firebase account and its row, always together. */
@Injectable()
export class ChildrenService {
  private readonly logger = new Logger(ChildrenService.name);

  constructor(
    @InjectRepository(Child) private readonly repo: Repository<Child>,
    private readonly dataSource: DataSource,
    private readonly firebase: FirebaseService,
    private readonly chatLogs: ChatLogsService,
    private readonly config: AppConfig,
  ) {}

  list(parentUid: string): Promise<Child[]> {
    return this.repo.find({ where: { parentUid }, order: { createdAt: 'ASC', username: 'ASC' } });
  }

  /** A child of this parent, or 404 (also for another family's child: nothing is revealed). */
  async getOwned(parentUid: string, childUid: string): Promise<Child> {
    const child = await this.repo.findOneBy({ uid: childUid, parentUid });
    if (!child) throw notFound('Child');
    return child;
  }

  find(childUid: string): Promise<Child | null> {
    return this.repo.findOneBy({ uid: childUid });
  }

  findByUsername(username: string): Promise<Child | null> {
    return this.repo.findOneBy({ username: normalizeUsername(username) });
  }

  syntheticEmailFor(username: string): string {
    return syntheticEmail(username, this.config.kidsEmailDomain);
  }

  async add(parentUid: string, dto: AddChildDto): Promise<Child> {
    const username = normalizeUsername(dto.username);
    if (!isValidUsername(username))
      throw badRequest(USERNAME_MESSAGES.invalid, 'validation_failed');
    if ((await this.repo.countBy({ parentUid })) >= MAX_CHILDREN_PER_PARENT) {
      throw badRequest(`A family can have at most ${MAX_CHILDREN_PER_PARENT} children's accounts.`);
    }
    if (await this.repo.existsBy({ username }))
      throw new DomainError(409, USERNAME_MESSAGES.taken(username));

    let uid: string;
    try {
      uid = await this.firebase.createUser(
        this.syntheticEmailFor(username),
        dto.password,
        username,
      );
    } catch (error) {
      const code = firebaseCode(error);
      if (code === FIREBASE_ERRORS.emailExists)
        throw new DomainError(409, USERNAME_MESSAGES.taken(username));
      if (code === FIREBASE_ERRORS.invalidPassword)
        throw badRequest('Password must be at least 6 characters.');
      throw error;
    }
    try {
      await this.firebase.mergeClaims(uid, { role: 'kid', parent: parentUid });
      return await this.repo.save(
        this.repo.create({
          uid,
          parentUid,
          username,
          age: dto.age ?? null,
          filter: dto.filter ?? DEFAULT_FILTER_LEVEL,
          allowedModes: [...CHILD_MODES],
          preferredVoiceUri: null,
          autoReadWeb: false,
          autoReadMobile: false,
        }),
      );
    } catch (error) {
      // No orphan account: undo the Firebase side when the row cannot be written.
      await this.firebase.deleteUser(uid).catch((e: unknown) =>
        this.logger.error({
          msg: 'could not remove orphan child account',
          uid,
          error: (e as Error).message,
        }),
      );
      if (
        (error as { code?: string }).code === 'ER_DUP_ENTRY' ||
        /UNIQUE/i.test((error as Error).message)
      ) {
        throw new DomainError(409, USERNAME_MESSAGES.taken(username));
      }
      throw error;
    }
  }

  async update(parentUid: string, childUid: string, dto: UpdateChildDto): Promise<Child> {
    const child = await this.getOwned(parentUid, childUid);
    if (dto.age !== undefined) child.age = dto.age;
    if (dto.filter !== undefined) child.filter = dto.filter;
    return this.repo.save(child);
  }

  async resetPassword(parentUid: string, childUid: string, password: string): Promise<void> {
    await this.getOwned(parentUid, childUid);
    await this.firebase.setPassword(childUid, password);
  }

  /** Deletes the child's account, logs and settings; permanent. */
  async remove(parentUid: string, childUid: string): Promise<void> {
    await this.getOwned(parentUid, childUid);
    await this.firebase.deleteUser(childUid);
    await this.dataSource.transaction(async (manager) => {
      await this.chatLogs.deleteForChild(childUid, manager);
      await manager.delete(Child, { uid: childUid, parentUid });
    });
  }

  async allowedModes(parentUid: string, childUid: string): Promise<ChildMode[]> {
    return orderedModes((await this.getOwned(parentUid, childUid)).allowedModes);
  }

  async setAllowedModes(
    parentUid: string,
    childUid: string,
    modes: ChildMode[],
  ): Promise<ChildMode[]> {
    const child = await this.getOwned(parentUid, childUid);
    const unique = orderedModes(modes);
    if (unique.length === 0) throw badRequest(AT_LEAST_ONE_MODE_MESSAGE, 'validation_failed');
    child.allowedModes = unique;
    await this.repo.save(child);
    return unique;
  }

  kidConfig(child: Child): KidConfigResponse {
    return {
      allowed_modes: orderedModes(child.allowedModes),
      preferred_voice_uri: child.preferredVoiceUri,
      auto_read_web: child.autoReadWeb,
      auto_read_mobile: child.autoReadMobile,
    };
  }

  async setKidPreference(child: Child, dto: KidPreferencesDto): Promise<KidConfigResponse> {
    if (dto.auto_read_web !== undefined) child.autoReadWeb = dto.auto_read_web;
    if (dto.auto_read_mobile !== undefined) child.autoReadMobile = dto.auto_read_mobile;
    if (dto.preferred_voice_uri !== undefined)
      child.preferredVoiceUri = dto.preferred_voice_uri || null;
    return this.kidConfig(await this.repo.save(child));
  }
}

/** Modes in the table's order, without duplicates or unknown names. */
export function orderedModes(modes: readonly string[] | null | undefined): ChildMode[] {
  const set = new Set(modes ?? []);
  return CHILD_MODES.filter((m) => set.has(m));
}

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
import { CacheBus } from '../common/cache-bus';
import { DomainError, badRequest, notFound } from '../common/domain-error';
import { FIREBASE_ERRORS, FirebaseService, firebaseCode } from '../auth/firebase.service';
import { ChatLogsService } from '../chat-logs/chat-logs.service';
import { Child } from './entities/child.entity';
import type { AddChildDto, UpdateChildDto } from './dto/child.dto';
import type { KidPreferencesDto } from './dto/kid-preferences.dto';

export const MAX_CHILDREN_PER_PARENT = 20;

/** Other replicas drop their copy through the CacheBus; this bounds staleness if a message is lost. */
const CHILD_CACHE_MS = 30_000;
const CHILD_CACHE_MAX = 10_000;
const CHILD_TOPIC = 'child';

export function toChildView(child: Child): ChildView {
  return { uid: child.uid, username: child.username, age: child.age, filter: child.filter };
}

/** Children's accounts: the Firebase account and its row, always together. */
@Injectable()
export class ChildrenService {
  private readonly logger = new Logger(ChildrenService.name);
  /** Children's rows by uid for the kid routes (every chat reads one). */
  private readonly cache = new Map<string, { child: Child; until: number }>();
  /** Counts drops: a read that overlapped one may be stale and is not cached. */
  private drops = 0;

  constructor(
    @InjectRepository(Child) private readonly repo: Repository<Child>,
    private readonly dataSource: DataSource,
    private readonly firebase: FirebaseService,
    private readonly chatLogs: ChatLogsService,
    private readonly config: AppConfig,
    private readonly bus: CacheBus,
  ) {
    this.bus.on(CHILD_TOPIC, (uid) => {
      this.drops++;
      this.cache.delete(uid);
    });
  }

  list(parentUid: string): Promise<Child[]> {
    return this.repo.find({ where: { parentUid }, order: { createdAt: 'ASC', username: 'ASC' } });
  }

  /** A child of this parent, or 404 (also for another family's child: nothing is revealed). */
  async getOwned(parentUid: string, childUid: string): Promise<Child> {
    const child = await this.repo.findOneBy({ uid: childUid, parentUid });
    if (!child) throw notFound('Child');
    return child;
  }

  /**
   * The ownership check of getOwned for routes that only read the child's logs: from the cache
   * (a child never changes family, and deleting one drops it everywhere).
   */
  async assertOwned(parentUid: string, childUid: string): Promise<void> {
    const child = await this.find(childUid);
    if (!child || child.parentUid !== parentUid) throw notFound('Child');
  }

  /** The child's own row (kid routes): cached briefly, dropped on every replica when it changes. */
  async find(childUid: string): Promise<Child | null> {
    const cached = this.cache.get(childUid);
    if (cached && cached.until > Date.now()) return copyOf(cached.child);
    const drops = this.drops;
    const child = await this.repo.findOneBy({ uid: childUid });
    if (child && drops === this.drops) {
      if (this.cache.size >= CHILD_CACHE_MAX) this.cache.clear();
      this.cache.set(childUid, { child: copyOf(child), until: Date.now() + CHILD_CACHE_MS });
    }
    return child;
  }

  /** Every replica forgets its cached copy of this child. */
  private changed(childUid: string) {
    this.bus.publish(CHILD_TOPIC, childUid);
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
    const saved = await this.repo.save(child);
    this.changed(childUid);
    return saved;
  }

  async resetPassword(parentUid: string, childUid: string, password: string): Promise<void> {
    await this.getOwned(parentUid, childUid);
    await this.firebase.setPassword(childUid, password);
    this.changed(childUid);
  }

  /** Deletes the child's account, logs and settings; permanent. */
  async remove(parentUid: string, childUid: string): Promise<void> {
    await this.getOwned(parentUid, childUid);
    await this.firebase.deleteUser(childUid);
    await this.dataSource.transaction(async (manager) => {
      await this.chatLogs.deleteForChild(childUid, manager);
      await manager.delete(Child, { uid: childUid, parentUid });
    });
    this.changed(childUid);
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
    this.changed(childUid);
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
    const saved = await this.repo.save(child);
    this.changed(child.uid);
    return this.kidConfig(saved);
  }
}

/** Callers may change what they get; the cached row must not change with it. */
function copyOf(child: Child): Child {
  return Object.assign(new Child(), child, { allowedModes: [...child.allowedModes] });
}

/** Modes in the table's order, without duplicates or unknown names. */
export function orderedModes(modes: readonly string[] | null | undefined): ChildMode[] {
  const set = new Set(modes ?? []);
  return CHILD_MODES.filter((m) => set.has(m));
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  KEYWORDS_MAX_PER_PARENT,
  KEYWORD_MESSAGES,
  checkKeyword,
  normalizeKeyword,
} from '@sprout/shared';
import { badRequest } from '../common/domain-error';
import { CacheBus } from '../common/cache-bus';
import { Keyword } from './entities/keyword.entity';

/** Other replicas drop their copy through the CacheBus; this bounds staleness if a message is lost. */
const KEYWORD_CACHE_MS = 30_000;

/** A parent's watched keywords; cached per parent for the chat path, dropped on every change. */
@Injectable()
export class KeywordsService {
  private readonly cache = new Map<string, { keywords: readonly string[]; until: number }>();

  constructor(
    @InjectRepository(Keyword) private readonly repo: Repository<Keyword>,
    private readonly bus: CacheBus,
  ) {
    this.bus.on('keywords', (parentUid) => this.cache.delete(parentUid));
  }

  async list(parentUid: string): Promise<string[]> {
    const cached = this.cache.get(parentUid);
    if (cached && cached.until > Date.now()) return [...cached.keywords];
    const rows = await this.repo.find({ where: { parentUid }, order: { keyword: 'ASC' } });
    const keywords = rows.map((r) => r.keyword);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(parentUid, { keywords, until: Date.now() + KEYWORD_CACHE_MS });
    return [...keywords];
  }

  async add(parentUid: string, input: string): Promise<string[]> {
    const check = checkKeyword(input);
    if (!check.ok) throw badRequest(check.message, 'validation_failed');
    const existing = await this.list(parentUid);
    if (existing.includes(check.keyword)) return existing;
    if (existing.length >= KEYWORDS_MAX_PER_PARENT) {
      throw badRequest(KEYWORD_MESSAGES.limit(KEYWORDS_MAX_PER_PARENT), 'keyword_limit');
    }
    await this.repo
      .createQueryBuilder()
      .insert()
      .into(Keyword)
      .values({ parentUid, keyword: check.keyword })
      .orIgnore()
      .execute();
    this.bus.publish('keywords', parentUid);
    return this.list(parentUid);
  }

  async remove(parentUid: string, input: string): Promise<string[]> {
    await this.repo.delete({ parentUid, keyword: normalizeKeyword(input) });
    this.bus.publish('keywords', parentUid);
    return this.list(parentUid);
  }
}

import { Injectable } from '@nestjs/common';
import type {
  AllowedModesResponse,
  ChildMode,
  ChildrenResponse,
  KeywordsResponse,
  LogsResponse,
  MessageResponse,
  ParentPreferences,
  StatsResponse,
  TimeRange,
  Child as ChildView,
  LogEntry,
} from '@sprout/shared';
import { notFound } from '../common/domain-error';
import { ChatLogsService, toLogEntry } from '../chat-logs/chat-logs.service';
import { ChildrenService, toChildView } from './children.service';
import { KeywordsService } from './keywords.service';
import { ParentsService } from './parents.service';
import type { AddChildDto, UpdateChildDto } from './dto/child.dto';
import type { LogsQueryDto } from './dto/parents.dto';

/** The dashboard's answers, in the shapes of spec §7. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly parents: ParentsService,
    private readonly children_: ChildrenService,
    private readonly keywords_: KeywordsService,
    private readonly chatLogs: ChatLogsService,
  ) {}

  async children(parentUid: string): Promise<ChildrenResponse> {
    return { children: (await this.children_.list(parentUid)).map(toChildView) };
  }

  async addChild(parentUid: string, dto: AddChildDto): Promise<ChildView> {
    return toChildView(await this.children_.add(parentUid, dto));
  }

  async updateChild(parentUid: string, childUid: string, dto: UpdateChildDto): Promise<ChildView> {
    return toChildView(await this.children_.update(parentUid, childUid, dto));
  }

  async deleteChild(parentUid: string, childUid: string): Promise<MessageResponse> {
    await this.children_.remove(parentUid, childUid);
    return { message: "The child's account and all their data were deleted." };
  }

  async resetPassword(
    parentUid: string,
    childUid: string,
    password: string,
  ): Promise<MessageResponse> {
    await this.children_.resetPassword(parentUid, childUid, password);
    return { message: 'The password was changed.' };
  }

  async allowedModes(parentUid: string, childUid: string): Promise<AllowedModesResponse> {
    return { allowed_modes: await this.children_.allowedModes(parentUid, childUid) };
  }

  async setAllowedModes(
    parentUid: string,
    childUid: string,
    modes: ChildMode[],
  ): Promise<AllowedModesResponse> {
    return { allowed_modes: await this.children_.setAllowedModes(parentUid, childUid, modes) };
  }

  async keywords(parentUid: string): Promise<KeywordsResponse> {
    return { keywords: await this.keywords_.list(parentUid) };
  }

  async addKeyword(parentUid: string, keyword: string): Promise<KeywordsResponse> {
    return { keywords: await this.keywords_.add(parentUid, keyword) };
  }

  async deleteKeyword(parentUid: string, keyword: string): Promise<KeywordsResponse> {
    return { keywords: await this.keywords_.remove(parentUid, keyword) };
  }

  async preferences(parentUid: string): Promise<ParentPreferences> {
    const parent = await this.parents.find(parentUid);
    if (!parent) throw notFound('Parent');
    return { email_notifications: parent.emailNotifications };
  }

  async setPreferences(parentUid: string, value: boolean): Promise<ParentPreferences> {
    return {
      email_notifications: (await this.parents.setEmailNotifications(parentUid, value))
        .emailNotifications,
    };
  }

  async logs(parentUid: string, childUid: string, query: LogsQueryDto): Promise<LogsResponse> {
    await this.children_.assertOwned(parentUid, childUid);
    return this.chatLogs.page(childUid, query);
  }

  async unmark(parentUid: string, childUid: string, logId: string): Promise<LogEntry> {
    await this.children_.assertOwned(parentUid, childUid);
    return this.chatLogs.unmark(childUid, logId);
  }

  /** Everything stored about a child (COPPA: a parent may review it all). */
  async exportChild(parentUid: string, childUid: string) {
    const child = await this.children_.getOwned(parentUid, childUid);
    const logs = await this.chatLogs.allForChild(childUid);
    return {
      exported_at: new Date().toISOString(),
      child: {
        ...toChildView(child),
        created_at: child.createdAt.toISOString(),
        settings: this.children_.kidConfig(child),
      },
      logs: logs.map((log) => ({
        ...toLogEntry(log),
        outcome: log.outcome,
        categories: log.categories ?? [],
      })),
    };
  }

  async stats(parentUid: string, childUid: string, range: TimeRange): Promise<StatsResponse> {
    await this.children_.assertOwned(parentUid, childUid);
    return this.chatLogs.stats(childUid, range);
  }
}

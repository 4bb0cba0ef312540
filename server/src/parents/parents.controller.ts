import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { AddChildDto, AllowedModesDto, ResetPasswordDto, UpdateChildDto } from './dto/child.dto';
import {
  AddKeywordDto,
  ChildIdParams,
  KeywordParams,
  LogIdParams,
  LogsChildParams,
  LogsQueryDto,
  PreferencesDto,
  StatsQueryDto,
  UnmarkDto,
} from './dto/parents.dto';
import { DashboardService } from './dashboard.service';

/** The dashboard calls of spec §7; every one checks that the child belongs to the caller. */
@Controller('parents')
@Roles('parent')
export class ParentsController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('children')
  children(@CurrentUser() user: AuthUser) {
    return this.dashboard.children(user.uid);
  }

  @Post('add-child')
  addChild(@CurrentUser() user: AuthUser, @Body() dto: AddChildDto) {
    return this.dashboard.addChild(user.uid, dto);
  }

  @Put('children/:id')
  updateChild(
    @CurrentUser() user: AuthUser,
    @Param() p: ChildIdParams,
    @Body() dto: UpdateChildDto,
  ) {
    return this.dashboard.updateChild(user.uid, p.id, dto);
  }

  @Delete('children/:id')
  deleteChild(@CurrentUser() user: AuthUser, @Param() p: ChildIdParams) {
    return this.dashboard.deleteChild(user.uid, p.id);
  }

  @Put('children/:id/reset-password')
  resetPassword(
    @CurrentUser() user: AuthUser,
    @Param() p: ChildIdParams,
    @Body() dto: ResetPasswordDto,
  ) {
    return this.dashboard.resetPassword(user.uid, p.id, dto.password);
  }

  @Get('children/:id/export')
  async exportChild(
    @CurrentUser() user: AuthUser,
    @Param() p: ChildIdParams,
    @Res({ passthrough: true }) res: Response,
  ) {
    const data = await this.dashboard.exportChild(user.uid, p.id);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="sprout-${data.child.username}.json"`,
    );
    return data;
  }

  @Get('children/:id/allowed-modes')
  allowedModes(@CurrentUser() user: AuthUser, @Param() p: ChildIdParams) {
    return this.dashboard.allowedModes(user.uid, p.id);
  }

  @Put('children/:id/allowed-modes')
  setAllowedModes(
    @CurrentUser() user: AuthUser,
    @Param() p: ChildIdParams,
    @Body() dto: AllowedModesDto,
  ) {
    return this.dashboard.setAllowedModes(user.uid, p.id, dto.modes);
  }

  @Get('keywords')
  keywords(@CurrentUser() user: AuthUser) {
    return this.dashboard.keywords(user.uid);
  }

  @Post('keywords')
  @HttpCode(200)
  addKeyword(@CurrentUser() user: AuthUser, @Body() dto: AddKeywordDto) {
    return this.dashboard.addKeyword(user.uid, dto.keyword);
  }

  @Delete('keywords/:keyword')
  deleteKeyword(@CurrentUser() user: AuthUser, @Param() p: KeywordParams) {
    return this.dashboard.deleteKeyword(user.uid, p.keyword);
  }

  @Get('preferences')
  preferences(@CurrentUser() user: AuthUser) {
    return this.dashboard.preferences(user.uid);
  }

  @Post('preferences')
  @HttpCode(200)
  setPreferences(@CurrentUser() user: AuthUser, @Body() dto: PreferencesDto) {
    return this.dashboard.setPreferences(user.uid, dto.email_notifications);
  }

  @Get('logs/:child_id')
  logs(@CurrentUser() user: AuthUser, @Param() p: LogsChildParams, @Query() q: LogsQueryDto) {
    return this.dashboard.logs(user.uid, p.child_id, q);
  }

  @Post('logs/:log_id/unmark')
  @HttpCode(200)
  unmark(@CurrentUser() user: AuthUser, @Param() p: LogIdParams, @Body() dto: UnmarkDto) {
    return this.dashboard.unmark(user.uid, dto.child_id, p.log_id);
  }

  @Get('stats/:child_id')
  stats(@CurrentUser() user: AuthUser, @Param() p: LogsChildParams, @Query() q: StatsQueryDto) {
    return this.dashboard.stats(user.uid, p.child_id, q.timeRange ?? '7days');
  }
}

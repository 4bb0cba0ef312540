import { Body, Controller, Get, HttpCode, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { UserThrottlerGuard } from '../common/user-throttler.guard';
import { KidPreferencesDto } from '../parents/dto/kid-preferences.dto';
import { ChatService } from './chat.service';
import { ChatDto, KidLoginDto } from './dto/kids.dto';
import { KidsService } from './kids.service';

@Controller('kids')
@Roles('kid')
export class KidsController {
  constructor(
    private readonly kids: KidsService,
    private readonly chat: ChatService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  login(@CurrentUser() user: AuthUser, @Body() dto: KidLoginDto) {
    return this.kids.login(user, dto);
  }

  @Get('config')
  config(@CurrentUser() user: AuthUser) {
    return this.kids.config(user);
  }

  @Put('preferences')
  preferences(@CurrentUser() user: AuthUser, @Body() dto: KidPreferencesDto) {
    return this.kids.setPreference(user, dto);
  }

  @Post('chat')
  @UseGuards(UserThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  send(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChatDto,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.chat.handle(user, dto, req, res);
  }
}

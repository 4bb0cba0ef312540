import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Public, Roles, SkipSubscription } from '../common/decorators';
import { AccountsService } from './accounts.service';
import { EmailDto, LoginDto, SignupDto, VerifyCheckoutDto } from './dto/parents.dto';

/** Login, signup and billing calls: open to parents whose plan has lapsed. */
@Controller('parents')
@SkipSubscription()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  login(@CurrentUser() user: AuthUser, @Body() dto: LoginDto) {
    return this.accounts.login(user, dto.email);
  }

  @Post('signup')
  @HttpCode(200)
  signup(@CurrentUser() user: AuthUser, @Body() dto: SignupDto) {
    return this.accounts.signup(user, dto.email);
  }

  @Post('initiate-subscription-management')
  @HttpCode(200)
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 5, ttl: 60_000 } })
  initiateManagement(@Body() dto: EmailDto) {
    return this.accounts.initiateManagement(dto.email);
  }

  @Get('subscription')
  @Roles('parent')
  subscription(@CurrentUser() user: AuthUser) {
    return this.accounts.subscription(user);
  }

  @Post('create-checkout-session')
  @HttpCode(200)
  @Roles('parent')
  createCheckout(@CurrentUser() user: AuthUser) {
    return this.accounts.createCheckoutSession(user);
  }

  @Post('verify-checkout-session')
  @HttpCode(200)
  @Roles('parent')
  verifyCheckout(@CurrentUser() user: AuthUser, @Body() dto: VerifyCheckoutDto) {
    return this.accounts.verifyCheckoutSession(user, dto.session_id);
  }

  @Post('cancel-subscription')
  @HttpCode(200)
  @Roles('parent')
  cancel(@CurrentUser() user: AuthUser) {
    return this.accounts.cancel(user);
  }

  @Post('create-portal-session')
  @HttpCode(200)
  @Roles('parent')
  portal(@CurrentUser() user: AuthUser) {
    return this.accounts.portal(user);
  }
}

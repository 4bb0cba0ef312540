import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { normalizeUsername, type SyntheticEmailResponse } from '@sprout/shared';
import { Public } from '../common/decorators';
import { DomainError } from '../common/domain-error';
import { ChildrenService } from './children.service';
import { UsernameQuery } from './dto/parents.dto';

export const UNKNOWN_USERNAME = "That username doesn't exist. Please check the spelling.";

@Controller('public')
@Public()
export class PublicController {
  constructor(private readonly children: ChildrenService) {}

  /** The child's sign-in email; 404 for an unknown username; rate-limited per address. */
  @Get('synthetic-email')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  async syntheticEmail(@Query() q: UsernameQuery): Promise<SyntheticEmailResponse> {
    const child = await this.children.findByUsername(normalizeUsername(q.username));
    if (!child) throw new DomainError(404, UNKNOWN_USERNAME, 'not_found');
    return { email: this.children.syntheticEmailFor(child.username) };
  }
}

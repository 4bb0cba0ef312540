import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Rate limits per signed-in account rather than per address: siblings behind one home router
 * each get their own allowance, and one child cannot use up another's.
 */
@Injectable()
export class UserThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const user = req.user as { uid?: string } | undefined;
    return user?.uid ? `uid:${user.uid}` : String(req.ip ?? 'unknown');
  }
}

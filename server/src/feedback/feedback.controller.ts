import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { FeedbackDto } from './dto/feedback.dto';
import { FeedbackService } from './feedback.service';

@Controller('feedback')
@Roles('parent')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Post()
  @HttpCode(201)
  submit(@CurrentUser() user: AuthUser, @Body() dto: FeedbackDto) {
    return this.feedback.submit(user, dto);
  }
}

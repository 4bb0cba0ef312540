import { AlertState } from '../chat-logs/entities/alert-state.entity';
import { ChatLog } from '../chat-logs/entities/chat-log.entity';
import { ChatLogDay } from '../chat-logs/entities/chat-log-day.entity';
import { BillingEvent } from '../billing/entities/billing-event.entity';
import { Subscription } from '../billing/entities/subscription.entity';
import { Feedback } from '../feedback/entities/feedback.entity';
import { Child } from '../parents/entities/child.entity';
import { Keyword } from '../parents/entities/keyword.entity';
import { Parent } from '../parents/entities/parent.entity';

export const ENTITIES = [
  Parent,
  Child,
  Keyword,
  Subscription,
  BillingEvent,
  ChatLog,
  ChatLogDay,
  AlertState,
  Feedback,
];

import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { ChatLogCoveringIndexes1763900000000 } from './1763900000000-chat-log-covering-indexes';
import { ChatLogDays1764000000000 } from './1764000000000-chat-log-days';

/** Every migration, in order. Listed explicitly so the build needs no file globbing. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  ChatLogCoveringIndexes1763900000000,
  ChatLogDays1764000000000,
];

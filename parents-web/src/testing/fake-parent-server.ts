/** Default answers of the parent API behind the fake fetch; tests override single routes. */
import {
  COMPLIMENTARY_PLAN_NICKNAME,
  type Child,
  type LogEntry,
  type StatsResponse,
  type SubscriptionResponse,
} from '@sprout/shared';
import { installFakeApi, json, type FakeApi } from './fake-api';

export function makeChild(overrides: Partial<Child> = {}): Child {
  return { uid: 'child-1', username: 'sam', age: 8, filter: 'moderate', ...overrides };
}

let logSequence = 0;
export function makeLog(overrides: Partial<LogEntry> = {}): LogEntry {
  logSequence += 1;
  return {
    id: `log-${logSequence}`,
    timestamp: new Date(Date.UTC(2026, 10, 1, 12, 0, logSequence)).toISOString(),
    mode: 'Learn',
    prompt_text: `Question number ${logSequence}`,
    response_text: `Answer number ${logSequence}`,
    flagged: false,
    parent_reviewed: false,
    reason: null,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<StatsResponse> = {}): StatsResponse {
  return {
    promptCounts: { Learn: 0, Play: 0, Imagine: 0, Homework: 0, Bible: 0 },
    previousPromptCounts: { Learn: 0, Play: 0, Imagine: 0, Homework: 0, Bible: 0 },
    flaggedCount: 0,
    previousFlaggedCount: 0,
    ...overrides,
  };
}

export const COMPLIMENTARY: SubscriptionResponse = {
  status: 'active',
  plan_nickname: COMPLIMENTARY_PLAN_NICKNAME,
  trial_end: null,
  current_period_end: null,
  cancel_at_period_end: false,
  canceled_at: null,
  billing: 'complimentary',
};

export interface ParentServerState {
  children: Child[];
  logs: LogEntry[];
  stats: StatsResponse;
  keywords: string[];
  subscription: SubscriptionResponse;
  emailNotifications: boolean;
  allowedModes: Record<string, string[]>;
}

/** A small in-memory parent API: paging and filters work like the server's. */
export function installParentServer(initial: Partial<ParentServerState> = {}): {
  api: FakeApi;
  state: ParentServerState;
} {
  const api = installFakeApi();
  const state: ParentServerState = {
    children: [makeChild()],
    logs: [],
    stats: makeStats(),
    keywords: [],
    subscription: COMPLIMENTARY,
    emailNotifications: true,
    allowedModes: {},
    ...initial,
  };
  api.on('GET', '/api/parents/children', () => json(200, { children: state.children }));
  api.on('GET', '/api/parents/subscription', () => json(200, state.subscription));
  api.on('GET', '/api/parents/preferences', () =>
    json(200, { email_notifications: state.emailNotifications }),
  );
  api.on('POST', '/api/parents/preferences', (request) => {
    state.emailNotifications = (
      request.body as { email_notifications: boolean }
    ).email_notifications;
    return json(200, { email_notifications: state.emailNotifications });
  });
  api.on('GET', '/api/parents/keywords', () => json(200, { keywords: state.keywords }));
  api.on('POST', '/api/parents/keywords', (request) => {
    const keyword = (request.body as { keyword: string }).keyword;
    if (!state.keywords.includes(keyword)) state.keywords.push(keyword);
    return json(201, { keywords: state.keywords });
  });
  for (const child of state.children) {
    const id = encodeURIComponent(child.uid);
    api.on('GET', `/api/parents/stats/${id}`, () => json(200, state.stats));
    api.on('GET', `/api/parents/logs/${id}`, (request) => {
      const page = Number(request.query.get('page') ?? 1);
      const pageSize = Number(request.query.get('pageSize') ?? 10);
      const mode = request.query.get('mode');
      const status = request.query.get('status');
      const matching = state.logs
        .filter((log) => !mode || log.mode === mode)
        .filter((log) => !status || (status === 'flagged') === log.flagged)
        .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
      return json(200, {
        logs: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      });
    });
    api.on('GET', `/api/parents/children/${id}/allowed-modes`, () =>
      json(200, {
        allowed_modes: state.allowedModes[child.uid] ?? [
          'Learn',
          'Play',
          'Story Time',
          'Homework',
          'Bible',
        ],
      }),
    );
    api.on('PUT', `/api/parents/children/${id}/allowed-modes`, (request) => {
      state.allowedModes[child.uid] = (request.body as { modes: string[] }).modes;
      return json(200, { allowed_modes: state.allowedModes[child.uid] });
    });
  }
  return { api, state };
}

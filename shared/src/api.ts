/** Request and response shapes of every call of spec §7. */
import type { FilterLevel, TimeRange } from './constants';
import type { ChatMode, ChildMode, StatsMode } from './modes';

// ---- public ----
export interface SyntheticEmailResponse {
  email: string;
}

export interface ClientConfigResponse {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId?: string;
    measurementId?: string;
  };
  /** Set in embedded mode: the Auth emulator's URL, e.g. http://127.0.0.1:9099. */
  authEmulatorUrl: string | null;
  billing: 'stripe' | 'complimentary';
  stripePublishableKey: string | null;
  supportEmail: string;
  appStoreUrl: string | null;
  playStoreUrl: string | null;
  promoCode: string | null;
}

// ---- login and signup ----
export interface KidLoginRequest {
  email?: string;
  username?: string;
  password?: string;
}
export interface KidLoginResponse {
  uid: string;
  username: string;
  email: string;
}

export interface ParentLoginRequest {
  email: string;
}
export interface ParentLoginResponse {
  uid: string;
  email: string;
  subscription: SubscriptionResponse;
}

export interface ParentSignupRequest {
  email: string;
  acceptTerms: boolean;
}
export interface ParentSignupResponse {
  uid: string;
  email: string;
  checkoutSessionId?: string;
  checkoutUrl?: string;
}

export interface SubscriptionManagementRequest {
  email: string;
}
export interface MessageResponse {
  message: string;
}

// ---- children ----
export interface Child {
  uid: string;
  username: string;
  age: number | null;
  filter: FilterLevel;
}
export interface AddChildRequest {
  username: string;
  password: string;
  age?: number | null;
  filter?: FilterLevel;
}
export interface UpdateChildRequest {
  uid?: string;
  username?: string;
  age?: number | null;
  filter?: FilterLevel;
}
export interface ChildrenResponse {
  children: Child[];
}
export interface ResetPasswordRequest {
  password: string;
}
export interface AllowedModesResponse {
  allowed_modes: ChildMode[];
}
export interface AllowedModesRequest {
  modes: ChildMode[];
}

// ---- stats ----
export type ModeCounts = Record<StatsMode, number>;
export interface StatsResponse {
  promptCounts: ModeCounts;
  previousPromptCounts: ModeCounts;
  flaggedCount: number;
  previousFlaggedCount: number;
}
export interface StatsQuery {
  timeRange: TimeRange;
}

// ---- logs ----
export interface LogEntry {
  id: string;
  timestamp: string;
  mode: ChatMode;
  prompt_text: string;
  response_text: string | null;
  flagged: boolean;
  parent_reviewed: boolean;
  reason: string | null;
  /** Flagged rows: critical (crisis signal), high (blocked) or normal. */
  severity?: 'critical' | 'high' | 'normal' | null;
}
export type LogStatusFilter = 'flagged' | 'safe';
export interface LogsQuery {
  page?: number;
  pageSize?: number;
  mode?: ChildMode;
  status?: LogStatusFilter;
}
export interface LogsResponse {
  logs: LogEntry[];
  total?: number;
  page?: number;
  pageSize?: number;
}
export interface UnmarkLogRequest {
  child_id: string;
}

// ---- keywords and preferences ----
export interface KeywordsResponse {
  keywords: string[];
}
export interface AddKeywordRequest {
  keyword: string;
}
export interface ParentPreferences {
  email_notifications: boolean;
}

// ---- billing ----
export interface SubscriptionResponse {
  status: string;
  plan_nickname: string | null;
  trial_end: number | string | null;
  current_period_end: number | string | null;
  cancel_at_period_end: boolean;
  canceled_at: number | string | null;
  billing?: 'stripe' | 'complimentary';
}
export interface VerifyCheckoutRequest {
  session_id: string;
}
export interface CheckoutSessionResponse {
  sessionId: string;
  url: string | null;
}
export interface PortalSessionResponse {
  url: string;
}

// ---- feedback ----
export type FeedbackType = 'issue' | 'enhancement';
export interface FeedbackContext {
  parentUsername?: string | null;
  currentView?: string | null;
  selectedChildUsername?: string | null;
  userAgent?: string | null;
  url?: string | null;
}
export interface FeedbackRequest {
  type: FeedbackType;
  content: string;
  context?: FeedbackContext;
}

// ---- kids ----
export interface KidConfigResponse {
  allowed_modes: ChildMode[];
  preferred_voice_uri: string | null;
  auto_read_web: boolean;
  auto_read_mobile: boolean;
}
export type KidPreferenceRequest =
  | { auto_read_web: boolean }
  | { auto_read_mobile: boolean }
  | { preferred_voice_uri: string | null };
export const KID_PREFERENCE_KEYS = [
  'auto_read_web',
  'auto_read_mobile',
  'preferred_voice_uri',
] as const;

export interface ChatHistoryItem {
  role: 'user' | 'assistant';
  content: string;
}
export interface ChatRequest {
  prompt: string;
  mode: ChatMode;
  history: ChatHistoryItem[];
}

// ---- health ----
export interface HealthCheckResponse {
  status: 'ok' | 'degraded';
  checks: Record<string, { ok: boolean; detail?: string; latency_ms?: number }>;
  version: string;
}
export interface IapHealthCheckResponse {
  status: 'ok' | 'degraded';
  billing: 'stripe' | 'complimentary';
  stripe: {
    configured: boolean;
    reachable: boolean | null;
    webhook_secret: boolean;
    price: boolean;
  };
  mail: { transport: 'smtp' | 'outbox' };
}

import OpenAI from 'openai';
import type { Category, Hit, Severity } from './moderation.types';

/** The remote check the service combines with the local detectors. */
export interface RemoteModerator {
  check(text: string): Promise<Hit[]>;
}

export interface OpenAiModeratorOptions {
  apiKey: string;
  baseURL: string | null;
  model: string;
  /** A child waits for this check: after this the local verdict stands alone. */
  timeoutMs?: number;
}

interface Mapping {
  category: Category;
  severity: Severity;
  label?: string;
  crisis?: 'self_harm';
  instructions?: boolean;
}

/** OpenAI's categories in ours (https://platform.openai.com/docs/guides/moderation). */
const MAPPINGS: Readonly<Record<string, Mapping>> = {
  sexual: { category: 'sexual', severity: 'high' },
  'sexual/minors': { category: 'sexual', severity: 'critical', label: 'involving a child' },
  hate: { category: 'hate_harassment', severity: 'high', label: 'hate' },
  'hate/threatening': { category: 'hate_harassment', severity: 'critical', label: 'hate' },
  harassment: { category: 'hate_harassment', severity: 'medium', label: 'harassment' },
  'harassment/threatening': {
    category: 'hate_harassment',
    severity: 'high',
    label: 'harassment',
  },
  'self-harm': { category: 'self_harm', severity: 'medium', label: 'self-harm topic' },
  'self-harm/intent': {
    category: 'self_harm',
    severity: 'critical',
    label: 'suicidal thoughts',
    crisis: 'self_harm',
  },
  'self-harm/instructions': {
    category: 'self_harm',
    severity: 'critical',
    label: 'method request',
    crisis: 'self_harm',
    instructions: true,
  },
  violence: { category: 'violence', severity: 'medium' },
  'violence/graphic': { category: 'violence', severity: 'high', label: 'graphic violence' },
  illicit: { category: 'illegal', severity: 'high', label: 'instructions for a crime' },
  'illicit/violent': {
    category: 'weapons',
    severity: 'critical',
    label: 'making a weapon',
    instructions: true,
  },
};

const EVIDENCE_LENGTH = 120;

/** The OpenAI moderation endpoint through the official SDK; one attempt, short timeout. */
export class OpenAiModerator implements RemoteModerator {
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiModeratorOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL ?? undefined,
      timeout: options.timeoutMs ?? 3000,
      maxRetries: 0,
    });
  }

  async check(text: string): Promise<Hit[]> {
    const response = await this.client.moderations.create({
      model: this.options.model,
      input: text,
    });
    const result = response.results[0];
    if (!result?.flagged) return [];
    const flags = result.categories as unknown as Record<string, boolean | null>;
    return mapCategories(flags, text);
  }
}

export function mapCategories(flags: Record<string, boolean | null>, text: string): Hit[] {
  const evidence = text.length > EVIDENCE_LENGTH ? `${text.slice(0, EVIDENCE_LENGTH)}…` : text;
  const hits: Hit[] = [];
  for (const [name, on] of Object.entries(flags)) {
    const mapping = MAPPINGS[name];
    if (!on || !mapping) continue;
    hits.push({ ...mapping, evidence, start: 0, end: text.length });
  }
  return hits;
}

/** Rendering rules of spec §5 shared by the chat and the dashboard's Full Text modal. */

const SAFE_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];
export const EXPLAIN_PREFIX = 'explain:';

/** Template-style braces ({{word}} or {word}) are stripped to their inner text. */
export function stripTemplateBraces(content: string): string {
  return content.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, '$1').replace(/\{([^{}]*)\}/g, '$1');
}

/**
 * Keeps a link target only when its protocol is allowed or it is relative; otherwise empties it.
 * `explain:` targets are kept when `allowExplain` so the chat can turn them into buttons.
 */
export function safeUrl(url: string, allowExplain = false): string {
  const trimmed = url.trim();
  if (allowExplain && trimmed.toLowerCase().startsWith(EXPLAIN_PREFIX)) return trimmed;
  const colon = trimmed.indexOf(':');
  const questionMark = trimmed.indexOf('?');
  const numberSign = trimmed.indexOf('#');
  const slash = trimmed.indexOf('/');
  if (
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign)
  ) {
    return trimmed;
  }
  const protocol = trimmed.slice(0, colon).toLowerCase();
  return SAFE_PROTOCOLS.includes(protocol) ? trimmed : '';
}

export function explainWord(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed.toLowerCase().startsWith(EXPLAIN_PREFIX)) return null;
  try {
    return decodeURIComponent(trimmed.slice(EXPLAIN_PREFIX.length)).trim();
  } catch {
    return trimmed.slice(EXPLAIN_PREFIX.length).trim();
  }
}

/** Text for speech: markdown and newlines stripped (spec §4, §9). */
export function stripMarkdownForSpeech(content: string): string {
  return stripTemplateBraces(content)
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+\.\s+/gm, '')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(\*|_)(.*?)\1/g, '$2')
    .replace(/~~(.*?)~~/g, '$1')
    .replace(/[\r\n]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Splits a finished chat stream into its text and the optional trailing image line. */
export function splitImageLine(body: string): { text: string; image: string | null } {
  const index = body.lastIndexOf('\u001e');
  if (index === -1) return { text: body, image: null };
  try {
    const parsed = JSON.parse(body.slice(index + 1)) as { image?: unknown };
    const image = typeof parsed.image === 'string' ? parsed.image : null;
    return { text: body.slice(0, index).replace(/\n$/, ''), image };
  } catch {
    return { text: body, image: null };
  }
}

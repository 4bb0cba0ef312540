/**
 * Text views for matching: a lower-case, de-obfuscated copy of the text with, for each of its
 * characters, the index of the original character it came from (so that evidence quotes the
 * child's own words). Every step is one linear pass.
 */
export interface TextView {
  readonly text: string;
  /** map[i] is the index in the original text of text[i]. */
  readonly map: readonly number[];
  /** soft[i] is true where letters were joined ("k n i f e"): a word boundary for keywords. */
  readonly soft: readonly boolean[];
}

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  '€': 'e',
};
/** Characters that obfuscators put inside words ("kn.ife", "f-u-c-k", "don't"). */
const JOINERS = new Set(['.', '-', '_', '*', "'", '’', '`', '~', '^', '+', '"']);
const MARKS = /[\u0300-\u036f]/g;

function isLetter(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c > '\u007f' && c.toLowerCase() !== c.toUpperCase());
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function fold(c: string): string {
  const lower = c.toLowerCase();
  if (lower <= '\u007f') return lower;
  const plain = lower.normalize('NFKD').replace(MARKS, '');
  return plain.length === 1 ? plain : lower;
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
}

/**
 * The lexicon view: lower case, accents removed, leetspeak decoded inside words ("kn1f3"),
 * joiners removed inside words ("k.n.i.f.e", "don't" → "dont"), other punctuation turned into
 * spaces, single letters spaced out joined ("k n i f e"), runs of three or more equal letters cut
 * to two ("kniiife" → "kniife"... and "soooo" → "soo"), one space between words.
 */
export function lexiconView(original: string): TextView {
  const words = splitWords(original);
  const joined = joinSpacedLetters(words);
  return capRuns(joined, 2);
}

/** The keyword view: the lexicon view with every run of equal letters cut to one. */
export function keywordView(original: string, lexicon: TextView = lexiconView(original)): TextView {
  return capRuns(lexicon, 1);
}

/** A keyword in the same shape as the keyword view of a text. */
export function normalizeForKeywords(keyword: string): string {
  return keywordView(keyword).text;
}

interface Word {
  chars: string[];
  map: number[];
}

function splitWords(original: string): Word[] {
  const words: Word[] = [];
  let i = 0;
  const n = original.length;
  while (i < n) {
    while (i < n && isSpace(original[i])) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(original[i])) i++;
    processToken(original, start, i, words);
  }
  return words;
}

/** One whitespace-delimited token becomes zero or more words. */
function processToken(original: string, start: number, end: number, out: Word[]): void {
  const folded: string[] = [];
  let letters = 0;
  for (let k = start; k < end; k++) {
    const f = fold(original[k]);
    folded.push(f);
    if (isLetter(f)) letters++;
  }
  const leet = letters >= 2;
  const alnumAt = (k: number) => {
    if (k < 0 || k >= folded.length) return false;
    const c = folded[k];
    return isLetter(c) || isDigit(c) || (leet && c in LEET);
  };
  let word: Word = { chars: [], map: [] };
  const flush = () => {
    if (word.chars.length) out.push(word);
    word = { chars: [], map: [] };
  };
  for (let k = 0; k < folded.length; k++) {
    const c = folded[k];
    const at = start + k;
    if (isLetter(c)) {
      word.chars.push(c);
      word.map.push(at);
    } else if (isDigit(c)) {
      word.chars.push(leet && c in LEET ? LEET[c] : c);
      word.map.push(at);
    } else if (leet && c in LEET && (alnumAt(k + 1) || alnumAt(k - 1)) && c !== '!' && c !== '|') {
      word.chars.push(LEET[c]);
      word.map.push(at);
    } else if (leet && (c === '!' || c === '|') && alnumAt(k - 1) && alnumAt(k + 1)) {
      word.chars.push('i');
      word.map.push(at);
    } else if (JOINERS.has(c) && word.chars.length > 0 && alnumAt(k + 1)) {
      // dropped: the word continues
    } else {
      flush();
    }
  }
  flush();
}

/** Runs of three or more one-letter words ("k n i f e") become one word. */
function joinSpacedLetters(words: Word[]): TextView {
  const text: string[] = [];
  const map: number[] = [];
  const soft: boolean[] = [];
  const pushWord = (w: Word) => {
    if (text.length) {
      text.push(' ');
      map.push(w.map[0]);
      soft.push(false);
    }
    for (let k = 0; k < w.chars.length; k++) {
      text.push(w.chars[k]);
      map.push(w.map[k]);
      soft.push(false);
    }
  };
  let i = 0;
  while (i < words.length) {
    let j = i;
    while (j < words.length && words[j].chars.length === 1 && isLetter(words[j].chars[0])) j++;
    // "I" and "a" are words: at the edge of a run they stay apart ("I k n i f e" → "i knife").
    if (j - i >= 4 && isWordLetter(words[j - 1])) j--;
    if (j - i >= 4 && isWordLetter(words[i])) {
      pushWord(words[i]);
      i++;
    }
    if (j - i >= 3) {
      if (text.length) {
        text.push(' ');
        map.push(words[i].map[0]);
        soft.push(false);
      }
      for (let k = i; k < j; k++) {
        text.push(words[k].chars[0]);
        map.push(words[k].map[0]);
        soft.push(k > i);
      }
      i = j;
      continue;
    }
    pushWord(words[i]);
    i++;
  }
  return { text: text.join(''), map, soft };
}

function isWordLetter(w: Word): boolean {
  return w.chars[0] === 'i' || w.chars[0] === 'a';
}

/** Cuts runs of the same letter to at most `max` letters. */
function capRuns(view: TextView, max: number): TextView {
  const text: string[] = [];
  const map: number[] = [];
  const soft: boolean[] = [];
  let run = 0;
  for (let i = 0; i < view.text.length; i++) {
    const c = view.text[i];
    run = i > 0 && view.text[i - 1] === c && isLetter(c) ? run + 1 : 1;
    if (run > max) continue;
    text.push(c);
    map.push(view.map[i]);
    soft.push(view.soft[i]);
  }
  return { text: text.join(''), map, soft };
}

/** The original text behind view[start, end). */
export function evidenceOf(original: string, view: TextView, start: number, end: number): string {
  if (end <= start) return '';
  return original.slice(view.map[start], view.map[end - 1] + 1);
}

export function isWordChar(c: string | undefined): boolean {
  return c !== undefined && (isLetter(c) || isDigit(c));
}

import {
  RegExpMatcher,
  englishDataset,
  englishRecommendedTransformers,
  type EnglishProfaneWord,
} from 'obscenity';
import type { Category, Hit, Severity } from './moderation.types';
import { type TextView, evidenceOf, isWordChar } from './normalize';

/*
 * Profanity with `obscenity`: its English dataset and transformers undo confusable characters,
 * leetspeak and stretched letters ("fuuuck", "sh1t") and its whitelist keeps "Scunthorpe" and
 * "assassin" clean. We run it on the lexicon view, which has already joined spaced-out letters
 * ("f u c k"), and sort each of its words into the category it really belongs to: slurs are hate,
 * sexual terms are sexual content, the rest is profanity.
 */
const SORTED: Partial<Record<EnglishProfaneWord, [Category, Severity]>> = {
  abeed: ['hate_harassment', 'high'],
  africoon: ['hate_harassment', 'high'],
  arabush: ['hate_harassment', 'high'],
  boonga: ['hate_harassment', 'high'],
  chingchong: ['hate_harassment', 'high'],
  chink: ['hate_harassment', 'high'],
  kike: ['hate_harassment', 'high'],
  nigger: ['hate_harassment', 'high'],
  fag: ['hate_harassment', 'high'],
  dyke: ['hate_harassment', 'high'],
  tranny: ['hate_harassment', 'high'],
  abo: ['hate_harassment', 'medium'],
  negro: ['hate_harassment', 'medium'],
  retard: ['hate_harassment', 'medium'],
  spastic: ['hate_harassment', 'medium'],
  bestiality: ['sexual', 'high'],
  blowjob: ['sexual', 'high'],
  buttplug: ['sexual', 'high'],
  cum: ['sexual', 'high'],
  deepthroat: ['sexual', 'high'],
  dildo: ['sexual', 'high'],
  doggystyle: ['sexual', 'high'],
  'double penetration': ['sexual', 'high'],
  ejaculate: ['sexual', 'high'],
  felch: ['sexual', 'high'],
  fellatio: ['sexual', 'high'],
  'finger bang': ['sexual', 'high'],
  fisting: ['sexual', 'high'],
  gangbang: ['sexual', 'high'],
  handjob: ['sexual', 'high'],
  hentai: ['sexual', 'high'],
  incest: ['sexual', 'high'],
  'jerk off': ['sexual', 'high'],
  jizz: ['sexual', 'high'],
  lubejob: ['sexual', 'high'],
  masturbate: ['sexual', 'high'],
  orgasm: ['sexual', 'high'],
  orgy: ['sexual', 'high'],
  porn: ['sexual', 'high'],
  rape: ['sexual', 'low'],
  semen: ['sexual', 'high'],
  anal: ['sexual', 'low'],
  boob: ['sexual', 'medium'],
  hooker: ['sexual', 'medium'],
  sex: ['sexual', 'low'],
  tit: ['sexual', 'medium'],
  pussy: ['sexual', 'medium'],
  cock: ['sexual', 'medium'],
  anus: ['sexual', 'low'],
  penis: ['sexual', 'low'],
  vagina: ['sexual', 'low'],
  scat: ['sexual', 'low'],
  arse: ['profanity', 'low'],
  ass: ['profanity', 'low'],
  bollocks: ['profanity', 'low'],
  cuck: ['profanity', 'low'],
  piss: ['profanity', 'low'],
  turd: ['profanity', 'low'],
  cunt: ['profanity', 'medium'],
  twat: ['profanity', 'medium'],
};

/** Short words that are also parts of clean words ("cockpit", "Dickens"): whole words only. */
const WHOLE_WORD: Partial<Record<EnglishProfaneWord, RegExp>> = {
  cock: /^cocks?$|^cocksuck/,
  dick: /^dick(?:s|head|heads|face|wad)?$/,
  tit: /^(?:tit|tits|titty|titties)$/,
  ass: /^(?:ass|asses|asshole|assholes|asshat|arse|arsehole|dumbass|jackass|smartass|badass)$/,
  arse: /^(?:arse|arsehole|arses)$/,
  cum: /^(?:cum|cums|cumming|cummed|cumshot|cumslut)$/,
  anal: /^anal$/,
  anus: /^anus$/,
  sex: /^(?:sex|sexy|sexual|sexually|sext|sexting)$/,
  scat: /^scat$/,
  prick: /^pricks?$/,
  twat: /^twats?$/,
  abo: /^abos?$/,
  fag: /^(?:fag|fags|faggot|faggots|fagot)$/,
  piss: /^(?:piss|pissed|pissing|pisses|pisser)$/,
  turd: /^turds?$/,
  cuck: /^(?:cuck|cucks|cuckold)$/,
};

let matcher: RegExpMatcher | null = null;

function profanityMatcher(): RegExpMatcher {
  matcher ??= new RegExpMatcher({
    ...englishDataset.build(),
    ...englishRecommendedTransformers,
  });
  return matcher;
}

export function detectProfanity(original: string, view: TextView): Hit[] {
  const text = view.text;
  if (!text) return [];
  const hits: Hit[] = [];
  const seen = new Set<string>();
  for (const match of profanityMatcher().getAllMatches(text, true)) {
    const { phraseMetadata } = englishDataset.getPayloadWithPhraseMetadata(match);
    const word = phraseMetadata?.originalWord;
    if (!word) continue;
    let start = match.startIndex;
    let end = match.endIndex + 1;
    while (start > 0 && isWordChar(text[start - 1])) start--;
    while (end < text.length && isWordChar(text[end])) end++;
    const whole = WHOLE_WORD[word];
    if (whole && !whole.test(text.slice(start, end))) continue;
    const [category, severity] = SORTED[word] ?? ['profanity', 'low'];
    const key = `${category}:${word}:${start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hits.push({
      category,
      severity,
      label: category === 'profanity' ? word : undefined,
      evidence: evidenceOf(original, view, start, end),
      start: view.map[start],
      end: view.map[end - 1] + 1,
    });
  }
  return hits;
}

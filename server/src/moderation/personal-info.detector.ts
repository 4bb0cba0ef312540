import { findPhoneNumbersInText } from 'libphonenumber-js';
import type { Hit, Severity } from './moderation.types';
import type { TextView } from './normalize';

/*
 * Personal information. Contact details are found in the original text (digits, "@" and
 * capitals matter there); requests for them and meeting requests in the lexicon view.
 *
 * Severity: "medium" for a detail that identifies or reaches a child (phone, email, address,
 * school), "high" for asking a child for them or to meet, "low" for names, ages and places
 * (counted, never flagged on their own: homework is full of names and numbers).
 */

function hit(original: string, start: number, end: number, label: string, severity: Severity): Hit {
  return {
    category: 'personal_info',
    severity,
    label,
    evidence: original.slice(start, end),
    start,
    end,
  };
}

const EMAIL =
  /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,4}\.[A-Za-z]{2,24}/g;
/** North American layout, which kids use with made-up 555 numbers that libphonenumber rejects. */
const NANP = /(?<![\d.,/])(?:\+?1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\d.,/])/g;
/** "my number is 5551234": digits right after a phone word. */
const PHONE_CONTEXT =
  /\b(?:phone|cell|mobile|telephone|tel|whatsapp|number|call me|text me|call|text)\b[^\d\n]{0,20}(\+?\d[\d ().-]{5,18}\d)/gi;
const SSN = /(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)/g;
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;
/** Visa, Mastercard, American Express, Discover: brand prefix and length. */
const CARD_PREFIX =
  /^(?:4\d{12}(?:\d{3}){0,2}|5[1-5]\d{14}|2[2-7]\d{14}|3[47]\d{13}|6(?:011|5\d{2})\d{12})$/;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const IPV4 =
  /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])/g;
const STREET_TYPES = [
  'street',
  'st',
  'avenue',
  'ave',
  'road',
  'rd',
  'boulevard',
  'blvd',
  'lane',
  'ln',
  'drive',
  'dr',
  'court',
  'ct',
  'way',
  'place',
  'pl',
  'terrace',
  'circle',
  'highway',
  'hwy',
  'parkway',
  'pkwy',
  'crescent',
  'close',
  'square',
  'trail',
  'grove',
  'gardens',
]
  .flatMap((t) => [t, t[0].toUpperCase() + t.slice(1)])
  .join('|');
/** "42 Oak Street", "1600 Pennsylvania Ave": a number, capitalised name words, a street type. */
const STREET = new RegExp(
  `\\b\\d{1,6}[A-Za-z]?,? (?:[NSEW]\\.? )?(?:[A-Z][A-Za-z'.-]{0,20} ){1,3}(?:${STREET_TYPES})\\b\\.?`,
  'g',
);
const FOREIGN_STREET =
  /\b(?:[A-Z][a-zà-ÿ]{1,20}(?:katu|gatan|vägen|veien|straße|strasse|str\.|weg|gasse|platz|vej|laan|straat|ulica|utca|väg|tie)|(?:Rue|Calle|Via|Rua|Avenida|Avenue|Viale|Piazza|Plaza|Carrer|Rambla|Paseo|Estrada) (?:de |del |da |do |des |di |la |le )?[A-Z][a-zà-ÿ]{1,20}(?: [A-Z][a-zà-ÿ]{1,20}){0,2})[ ,]{1,2}(?:n[º°o.] ?)?\d{1,5}\b/g;
const UNIT = /\b(?:apt|apartment|suite|unit|flat|po box|p\.o\. box)\.? ?#?\d{1,6}[A-Za-z]?\b/gi;
const STATE_ZIP =
  /\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]),? \d{5}(?:-\d{4})?\b/g;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/g;
const TITLE_NAME =
  /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Madam|Mister|Doctor)\.? [A-Z][a-zà-ÿ'-]{1,20}(?: [A-Z][a-zà-ÿ'-]{1,20}){0,2}/g;
/** Two or three capitalised words in a row (a middle initial allowed), not starting a sentence. */
const FULL_NAME =
  /(?<=[\p{Ll},;:)"] {1,4})\p{Lu}[\p{Ll}'-]{1,20}(?: \p{Lu}\.?)?(?: \p{Lu}[\p{Ll}'-]{1,20}){1,2}(?![\p{L}])/gu;
/** A single name where the words around it say it is one. */
const NAMED =
  /\b(?:named|called|my (?:friend|brother|sister|kid|son|daughter|teacher|cousin|neighbou?r|classmate|boyfriend|girlfriend)|(?:said|speak|talk|talking|wrote|write|add|remove|change it) to|follow up with|with me|by) \p{Lu}[\p{Ll}'-]{1,20}(?![\p{L}])/gu;
const ORIGIN =
  /\b(?:(?:i am|i'm|im|we are|we're|she is|he is|they are|is|was|are) (?:originally )?from|moved (?:here )?(?:from|to)|travel(?:l?ing)? to|based in|located at|located in|visit(?:ed|ing)?) (?:the )?\p{Lu}[\p{L}'-]{1,30}(?: \p{Lu}[\p{L}'-]{1,30}){0,2}/gu;
const BIRTH = /\b(?:born (?:on|in)|date of birth|birthday is|maiden name|dob)\b/gi;
const CARD_CONTEXT = /\bcard(?: number)?(?: is| no\.?| #)? (\d[\d -]{10,22}\d)\b/gi;
const AGE = /\b(?:turned|aged?|at the age of) \d{1,3}\b/gi;
const NOT_NAMES = new Set(
  'I Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December The A An And But Or If In On At To Of For With My Your His Her Our Their This That These Those What Who Where When Why How God Jesus Lord Bible Christmas Easter English Spanish French German Math Science History North South East West New Old Great Little Big Mount Lake River'.split(
    ' ',
  ),
);
const URL =
  /\b(?:https?:\/\/|www\.)[^\s<>"']{2,200}|\b[a-z0-9-]{2,63}\.(?:com|net|org|io|co|us|uk|de|fr|info|biz|me|tv|app|dev)\b/gi;

/** Rules over the lexicon view (lower case, apostrophes removed). */
const VIEW_RULES: readonly { label: string; severity: Severity; pattern: RegExp }[] = [
  {
    label: 'meeting request',
    severity: 'high',
    pattern:
      /\b(?:meet (?:me|up|in person|irl|in real life)|lets meet|wanna meet|want to meet (?:you|me|up)|(?:can|could|should) (?:we|i) meet|(?:come|coming) (?:over )?to my (?:house|place|home|room|car)|i (?:will|can|could) (?:come to|visit) your (?:house|home|school)|(?:where|when) (?:can|should|do) (?:we|i) meet)\b/g,
  },
  {
    label: 'address request',
    severity: 'high',
    pattern:
      /\b(?:where do (?:you|u) live|where (?:do|does) (?:you|your family|your parents) (?:live|stay)|whats? (?:is )?(?:your|ur) (?:home |house |street |real |exact )?(?:address|location|zip|postcode|zip code)|(?:tell|give|send) me (?:your|ur) (?:home |house )?(?:address|location)|which (?:city|town|street|neighbou?rhood) do (?:you|u) live in|what school do (?:you|u) (?:go to|attend)|which school do (?:you|u) go to)\b/g,
  },
  {
    label: 'contact request',
    severity: 'high',
    pattern:
      /\b(?:whats? (?:is )?(?:your|ur) (?:phone|cell|mobile|home|real|full|last) ?(?:number|name)|(?:give|send|tell) me (?:your|ur) (?:phone|number|email|snap|snapchat|insta|instagram|discord|whatsapp|password|last name|full name)|whats? (?:is )?(?:your|ur) (?:email|snap|snapchat|insta|instagram|discord|whatsapp|password|username))\b/g,
  },
  {
    label: 'photo request',
    severity: 'high',
    pattern:
      /\b(?:send|show|give|post|share) (?:me )?(?:a |some |your |more )?(?:pics?|pictures?|photos?|selfies?|snaps?) (?:of (?:you|yourself|your face|your room))\b|\bsend me (?:a |your |some |more )?(?:pic|picture|photo|selfie)s?\b/g,
  },
  {
    label: 'home address',
    severity: 'medium',
    pattern:
      /\b(?:i live (?:at|on) [a-z0-9]{1,20}|my (?:home |house )?address is|my (?:street|house number) is|my zip ?code is)\b/g,
  },
  {
    label: 'school name',
    severity: 'medium',
    pattern:
      /\b(?:i|we) (?:go to|attend|am at|m at|study at|am a student at|am in [a-z0-9]{1,10} grade at|m in [a-z0-9]{1,10} grade at)(?: [a-z]{1,20}){1,4} (?:school|elementary|middle|high|academy|primary|preschool|kindergarten)\b|\bmy school is (?:called )?[a-z]{1,20}(?: [a-z]{1,20}){0,3} (?:school|elementary|academy|primary)\b/g,
  },
  {
    label: 'password',
    severity: 'medium',
    pattern: /\bmy (?:password|passcode|pin|login) is\b/g,
  },
  {
    label: 'phone number',
    severity: 'medium',
    pattern: /\bmy (?:phone|cell|mobile|moms|mums|dads) (?:phone )?(?:number|no) is\b/g,
  },
  {
    label: 'where they live',
    severity: 'medium',
    pattern: /\bi live (?:in|near|by|next to) [a-z]{1,20}(?: [a-z]{1,20}){0,2}\b/g,
  },
  {
    label: 'full name',
    severity: 'low',
    pattern:
      /\b(?:my|his|her|their) (?:first |last |full |middle |real )?name is [a-z]{2,20}|\b(?:first|last|full|middle) name [a-z]{2,20}/g,
  },
  {
    label: 'age',
    severity: 'low',
    pattern:
      /\b(?:i am|im|i turned|i will be|ill be|he is|she is|hes|shes|they are) (?:[0-9]{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen) (?:years? old|yo|yrs? old)\b|\bmy (?:birthday|date of birth|dob) is\b|\b[0-9]{1,3} years? old\b/g,
  },
];

function hasLocalContext(original: string, start: number, end: number): boolean {
  const before = original.slice(Math.max(0, start - 3), start);
  const after = original.slice(end, end + 3);
  // 3 + 4 = 7, 5x7, 10*3, 2/3: arithmetic around the digits.
  return /[+\-*/x×÷=^<>]\s*$/.test(before) || /^\s*[+*/x×÷=^<>%]/.test(after);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function each(pattern: RegExp, text: string, fn: (m: RegExpExecArray) => void): void {
  pattern.lastIndex = 0;
  let m: RegExpExecArray | null;
  let count = 0;
  while ((m = pattern.exec(text)) && count++ < 20) {
    fn(m);
    if (m[0].length === 0) pattern.lastIndex++;
  }
}

export function detectPersonalInfo(original: string, view: TextView): Hit[] {
  const hits: Hit[] = [];
  const taken: [number, number][] = [];
  const free = (s: number, e: number) => !taken.some(([a, b]) => s < b && e > a);
  const add = (s: number, e: number, label: string, severity: Severity) => {
    if (!free(s, e)) return;
    taken.push([s, e]);
    hits.push(hit(original, s, e, label, severity));
  };

  each(EMAIL, original, (m) => add(m.index, m.index + m[0].length, 'email address', 'medium'));
  each(SSN, original, (m) => add(m.index, m.index + m[0].length, 'social security number', 'high'));
  each(CARD, original, (m) => {
    const digits = m[0].replace(/\D/g, '');
    if (CARD_PREFIX.test(digits) && luhn(digits)) {
      add(m.index, m.index + m[0].length, 'card number', 'high');
    }
  });
  each(CARD_CONTEXT, original, (m) => {
    const start = m.index + m[0].length - m[1].length;
    add(start, start + m[1].length, 'card number', 'high');
  });
  each(IBAN, original, (m) => add(m.index, m.index + m[0].length, 'bank account', 'medium'));
  each(IPV4, original, (m) => add(m.index, m.index + m[0].length, 'IP address', 'medium'));
  each(NANP, original, (m) => {
    if (!hasLocalContext(original, m.index, m.index + m[0].length)) {
      add(m.index, m.index + m[0].length, 'phone number', 'medium');
    }
  });
  each(PHONE_CONTEXT, original, (m) => {
    const digits = m[1].replace(/\D/g, '');
    const start = m.index + m[0].length - m[1].length;
    if (
      digits.length >= 7 &&
      digits.length <= 15 &&
      !hasLocalContext(original, start, start + m[1].length)
    ) {
      add(start, start + m[1].length, 'phone number', 'medium');
    }
  });
  if (/\d{3}/.test(original)) {
    for (const found of findPhoneNumbersInText(original, { defaultCountry: 'US' })) {
      const { startsAt, endsAt } = found;
      const raw = original.slice(startsAt, endsAt);
      const digits = raw.replace(/\D/g, '');
      // Years, prices and measures in homework: a phone number is written as one.
      if (digits.length < 10 && !raw.startsWith('+')) continue;
      if (/^\d{1,3}(?:,\d{3})+$/.test(raw) || /\d\.\d/.test(raw)) continue;
      if (hasLocalContext(original, startsAt, endsAt) || !found.number.isValid()) continue;
      add(startsAt, endsAt, 'phone number', 'medium');
    }
  }
  each(STREET, original, (m) => add(m.index, m.index + m[0].length, 'home address', 'medium'));
  each(FOREIGN_STREET, original, (m) =>
    add(m.index, m.index + m[0].length, 'home address', 'medium'),
  );
  each(UNIT, original, (m) => add(m.index, m.index + m[0].length, 'home address', 'medium'));
  each(STATE_ZIP, original, (m) => add(m.index, m.index + m[0].length, 'home address', 'medium'));
  each(UK_POSTCODE, original, (m) => add(m.index, m.index + m[0].length, 'home address', 'medium'));

  for (const rule of VIEW_RULES) {
    each(rule.pattern, view.text, (m) => {
      const s = view.map[m.index];
      const e = view.map[m.index + m[0].length - 1] + 1;
      add(s, e, rule.label, rule.severity);
    });
  }

  each(TITLE_NAME, original, (m) => add(m.index, m.index + m[0].length, 'name', 'low'));
  each(FULL_NAME, original, (m) => {
    const words = m[0].split(' ');
    if (words.some((w) => NOT_NAMES.has(w))) return;
    add(m.index, m.index + m[0].length, 'name', 'low');
  });
  each(URL, original, (m) => add(m.index, m.index + m[0].length, 'web address', 'low'));
  each(NAMED, original, (m) => add(m.index, m.index + m[0].length, 'name', 'low'));
  each(ORIGIN, original, (m) => add(m.index, m.index + m[0].length, 'place', 'low'));
  each(BIRTH, original, (m) =>
    add(m.index, m.index + m[0].length, 'date of birth', /^born/i.test(m[0]) ? 'medium' : 'low'),
  );
  each(AGE, original, (m) => add(m.index, m.index + m[0].length, 'age', 'low'));
  return hits;
}

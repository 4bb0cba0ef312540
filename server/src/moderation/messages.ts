import type { Category, ModerationContext, ModerationVerdict } from './moderation.types';
import { primaryBlock } from './policy';

/** Where a child in crisis is pointed; the defaults are the US lines. */
export interface Helplines {
  /** e.g. 'call or text 988' */
  crisis: string;
  /** e.g. 'the 988 Suicide & Crisis Lifeline' */
  crisisName: string;
  /** e.g. 'call or text the Childhelp hotline at 1-800-422-4453' */
  abuse: string;
  /** e.g. '911' */
  emergency: string;
}

export const DEFAULT_HELPLINES: Helplines = {
  crisis: 'call or text 988',
  crisisName: 'the 988 Suicide & Crisis Lifeline',
  abuse: 'call or text the Childhelp hotline at 1-800-422-4453',
  emergency: '911',
};

type Band = 'young' | 'child' | 'teen';

function bandOf(age: number | null): Band {
  if (age === null) return 'child';
  if (age < 8) return 'young';
  if (age >= 13) return 'teen';
  return 'child';
}

/** The warm, fixed answer to a self-harm signal: a trusted adult, a helpline, never methods. */
export function crisisMessage(age: number | null, lines: Helplines = DEFAULT_HELPLINES): string {
  if (bandOf(age) === 'young') {
    return (
      "I'm really glad you told me. You matter a lot, and you don't have to feel this way alone. " +
      'Please go and tell a grown-up you trust right now, like your mom, your dad, a teacher or ' +
      `another family member. A grown-up can also ${lines.crisis} to talk to a kind helper. ` +
      `If you are in danger, ask a grown-up for help right away or call ${lines.emergency}.`
    );
  }
  return (
    "I'm really glad you told me, and I'm sorry you're feeling this way. You matter, and you " +
    "don't have to go through this alone. Please talk to a grown-up you trust as soon as you " +
    'can, like a parent, a teacher or a school counselor. You can also ' +
    `${lines.crisis} any time, day or night, to talk with a caring person at ${lines.crisisName}. ` +
    `If you are in danger right now, tell a grown-up near you or call ${lines.emergency}.`
  );
}

/** The answer to a child telling us that someone hurts them. */
export function abuseMessage(age: number | null, lines: Helplines = DEFAULT_HELPLINES): string {
  if (bandOf(age) === 'young') {
    return (
      'Thank you for telling me. That is not okay, and it is not your fault. Please tell a ' +
      'grown-up you trust right away, like a teacher, a school nurse or another family member. ' +
      `If you are in danger, ask a grown-up for help or call ${lines.emergency}.`
    );
  }
  return (
    "Thank you for telling me. What you're describing is not okay, and it is not your fault. " +
    'Please tell a grown-up you trust as soon as you can, like a teacher, a school counselor or ' +
    `another family member. You can also ${lines.abuse} to talk to someone who helps kids. ` +
    `If you are in danger right now, call ${lines.emergency}.`
  );
}

const REDIRECTS: Readonly<Record<Exclude<Category, 'keyword'>, Record<Band, string>>> = {
  sexual: {
    young:
      "That's a great question to ask a grown-up you trust, like your mom or dad. Let's talk about something else! Do you want to hear a fun fact about animals?",
    child:
      "That's a topic to talk about with a parent or another grown-up you trust. They can answer it the right way for you. Want to explore something else, like space, animals or a fun story?",
    teen: "I can't help with that here. A parent, a school counselor or a doctor is a good person to ask about it. Is there something else I can help you with?",
  },
  self_harm: {
    young:
      'That sounds like something to talk about with a grown-up you trust. Please go and find one now. They care about you and can help.',
    child:
      'That is something to talk about with a grown-up you trust, like a parent, a teacher or a school counselor. They care about you and can help.',
    teen: "I can't help with that, but you don't have to handle it alone. Please talk to a parent, a school counselor or another adult you trust.",
  },
  violence: {
    young:
      "Let's keep everyone safe and happy! I can't help with hurting anyone. If someone is being mean to you, tell a grown-up. Want to hear a fun story instead?",
    child:
      "I can't help with anything that could hurt someone. If you're upset with someone or feel unsafe, please talk to a grown-up you trust. Want to do something fun instead, like a story or a quiz?",
    teen: "I can't help with anything that could hurt someone. If you're angry at someone or feel unsafe, talking to an adult you trust really helps. What else can I help you with?",
  },
  weapons: {
    young:
      "Weapons can be very dangerous, so that's not something we talk about here. If you ever see one, don't touch it and tell a grown-up. Let's talk about something fun!",
    child:
      "Weapons can be really dangerous, so that's not something I can help with. If you ever find one, don't touch it and tell a grown-up right away. Want to explore something else?",
    teen: "I can't help with weapons. If you're worried about your safety or someone else's, please talk to an adult you trust. Anything else on your mind?",
  },
  drugs_alcohol: {
    young:
      "That's something for grown-ups to talk about with you. Let's keep your body healthy and strong! Want to learn about healthy snacks or fun games?",
    child:
      "That's not something I can help with, because it could hurt your body. A parent or another grown-up you trust is the best person to ask. Want to talk about something else?",
    teen: "I can't help with that. If you have questions about drugs or alcohol, a parent, a school counselor or a doctor can give you honest answers. What else can I help with?",
  },
  hate_harassment: {
    young:
      "Let's use kind words! Everyone deserves to be treated nicely. What would you like to talk about?",
    child:
      "Everyone deserves to be treated with kindness, so I can't help with that. If someone is being mean to you, tell a grown-up you trust. What else would you like to do?",
    teen: "I can't help with that, because everyone deserves respect. If someone is bullying you or a friend, talking to an adult you trust can help. What else is on your mind?",
  },
  profanity: {
    young: "Let's use kind words! Can you ask me that in a different way?",
    child: "Let's keep our words kind. Can you ask me that another way?",
    teen: "Let's keep it friendly. Could you ask that another way?",
  },
  personal_info: {
    young:
      "Let's keep things like where you live, your school and phone numbers private, even with me! Only share them with a grown-up you trust. What shall we talk about?",
    child:
      "Let's keep personal things like your address, your school, phone numbers and photos private, even with me. Never share them online, and never agree to meet someone from the internet. Tell a grown-up if anyone asks you to. What would you like to talk about?",
    teen: "For your safety, don't share personal details like your address, school, phone number or photos online, and never agree to meet someone you only know from the internet. Tell an adult you trust if anyone asks. What else can I help with?",
  },
  grooming: {
    young:
      "Good secrets are surprises, like a birthday present. If anyone asks you to keep a secret from your grown-ups or to send pictures, please tell your mom, dad or another grown-up right away. You won't be in trouble!",
    child:
      "If anyone asks you to keep secrets from your parents, to send pictures or to meet them, that is not okay. Please tell a grown-up you trust right away. You won't be in trouble. What would you like to talk about?",
    teen: "If someone asks you to keep things from your parents, to send photos or to meet up, that's a red flag. Please tell an adult you trust; you won't be in trouble. What else can I help with?",
  },
  jailbreak: {
    young:
      'I have to follow my safety rules so Sprout stays fun and safe! What would you like to learn or play?',
    child:
      'I have to stick to my safety rules so that Sprout stays a fun and safe place. What would you like to learn or play today?',
    teen: "I'll keep following my safety rules. Happy to help with anything else: homework, stories, ideas or questions.",
  },
  illegal: {
    young:
      "That could get someone in trouble or hurt, so I can't help with it. Let's do something fun instead!",
    child:
      "That could get someone hurt or in trouble, so I can't help with it. If something is worrying you, talk to a grown-up you trust. Want to do something else?",
    teen: "I can't help with that, because it could hurt someone or get you into serious trouble. Is there something else I can help with?",
  },
};

const GENERIC: Record<Band, string> = {
  young: "Let's talk about something else! What would you like to learn or play?",
  child: "I can't help with that one. Let's talk about something else! What would you like to do?",
  teen: "I can't help with that. Is there something else I can help you with?",
};

/** A kind, age-appropriate answer to a blocked prompt, written without the AI. */
export function redirectMessage(
  verdict: ModerationVerdict,
  ctx: ModerationContext,
  lines: Helplines = DEFAULT_HELPLINES,
): string {
  if (verdict.selfHarm) {
    const abuse = verdict.detections.some((d) => d.label === 'abuse disclosure');
    const selfHarm = verdict.detections.some((d) => d.category === 'self_harm');
    return abuse && !selfHarm ? abuseMessage(ctx.age, lines) : crisisMessage(ctx.age, lines);
  }
  const category = primaryBlock(verdict);
  const band = bandOf(ctx.age);
  if (!category || category === 'keyword') return GENERIC[band];
  return REDIRECTS[category][band];
}

/** The sentence that ends an answer stopped by the response guard. */
export function safeEnding(_verdict: ModerationVerdict, ctx: ModerationContext): string {
  switch (bandOf(ctx.age)) {
    case 'young':
      return "Oops, let's stop there and talk about something else! What would you like to do next?";
    case 'teen':
      return "I'll stop there, because that's not something I can go into. What else can I help you with?";
    default:
      return "Let's stop there and talk about something else. What would you like to explore next?";
  }
}

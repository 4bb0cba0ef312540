import { USERNAME_SUFFIX_MAX, USERNAME_SUFFIX_MIN } from './constants';

/** Usernames become part of the child's synthetic email, so they keep to safe characters. */
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,28}[a-z0-9])?$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

export const USERNAME_MESSAGES = {
  required: 'Username is required.',
  invalid: `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters, numbers, dots, dashes or underscores, starting and ending with a letter or number.`,
  taken: (username: string) =>
    `The username "${username}" is already taken. Please choose another.`,
} as const;

/** Usernames are stored lowercase and compared lowercase. */
export function normalizeUsername(input: string): string {
  return input.trim().toLowerCase();
}

export function isValidUsername(username: string): boolean {
  return username.length >= USERNAME_MIN_LENGTH && USERNAME_PATTERN.test(username);
}

/**
 * The 'suggest username' rule (spec §5): the nickname, or 'kid' when empty, followed by a
 * random number from 100 to 999.
 */
export function suggestUsername(nickname: string, random: () => number = Math.random): string {
  const base = normalizeUsername(nickname).replace(/[^a-z0-9._-]/g, '') || 'kid';
  const span = USERNAME_SUFFIX_MAX - USERNAME_SUFFIX_MIN + 1;
  const suffix = USERNAME_SUFFIX_MIN + Math.min(span - 1, Math.floor(random() * span));
  return `${base.slice(0, 27)}${suffix}`;
}

export function syntheticEmail(username: string, domain: string): string {
  return `${normalizeUsername(username)}@${domain}`;
}

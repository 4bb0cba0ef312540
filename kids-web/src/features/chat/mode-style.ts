import { modeColour, type ChildMode } from '@sprout/shared';

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

export const MODE_ICONS: Record<ChildMode, string> = {
  Learn: '🔭',
  Play: '🎲',
  'Story Time': '📖',
  Homework: '✏️',
  Bible: '📜',
};

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const channels = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black text, whichever reads better on the mode's colour. */
export function modeTextColour(background: string): string {
  return contrast(background, LIGHT_TEXT) >= contrast(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT;
}

export function modeColours(mode: ChildMode): { background: string; text: string } {
  const background = modeColour(mode);
  return { background, text: modeTextColour(background) };
}

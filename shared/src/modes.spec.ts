import {
  CHILD_MODES,
  MODE_INFO,
  OTHER_MODE_COLOUR,
  STATS_MODES,
  childModeFromStats,
  isChatMode,
  isChildMode,
  modeColour,
  statsModeName,
  welcomeMessage,
  welcomeMessageId,
} from './modes';

describe('modes', () => {
  it('lists the five child modes in order', () => {
    expect(CHILD_MODES).toEqual(['Learn', 'Play', 'Story Time', 'Homework', 'Bible']);
    expect(STATS_MODES).toEqual(['Learn', 'Play', 'Imagine', 'Homework', 'Bible']);
  });

  it('calls Story Time Imagine in statistics and back', () => {
    expect(statsModeName('Story Time')).toBe('Imagine');
    expect(statsModeName('Learn')).toBe('Learn');
    expect(childModeFromStats('Imagine')).toBe('Story Time');
  });

  it('gives every mode three sample prompts and its own colour, grey otherwise', () => {
    const colours = new Set(CHILD_MODES.map((m) => MODE_INFO[m].colour));
    expect(colours.size).toBe(5);
    for (const mode of CHILD_MODES) expect(MODE_INFO[mode].samplePrompts).toHaveLength(3);
    expect(modeColour('Explain')).toBe(OTHER_MODE_COLOUR);
    expect(modeColour('Play')).toBe(MODE_INFO.Play.colour);
  });

  it('recognises Explain as a chat mode but not a child mode', () => {
    expect(isChatMode('Explain')).toBe(true);
    expect(isChildMode('Explain')).toBe(false);
    expect(isChildMode('story time')).toBe(false);
  });

  it('builds the welcome message with a bold heading and a Try these list', () => {
    const text = welcomeMessage('Play');
    expect(text.startsWith('**Welcome to Play Mode!**\n\n')).toBe(true);
    expect(text).toContain(MODE_INFO.Play.description);
    expect(text).toContain('Try these:\n- Tell me a joke\n');
    expect(welcomeMessageId('Story Time', 'u1')).toBe('welcome-Story Time-u1');
  });
});

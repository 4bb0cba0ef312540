// A child's chat in Chromium through nginx, answered by the real `openai` provider talking to a
// local OpenAI-compatible server: streaming, explain buttons, modes, saved history, clearing and
// signing out (spec §2 "Kids chat", §3 saved history, §4).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startStack } from '../lib/stack.mjs';
import { launchBrowser } from '../lib/browser.mjs';
import { startOpenAiUpstream } from '../lib/openai-upstream.mjs';

const CHILD = { username: 'demo-kid', password: 'sprout-kid' };
const ANSWER = [
  'Volcanoes ',
  'are ',
  'mountains ',
  'with ',
  'hot ',
  '[magma](explain:magma) ',
  'inside.',
];
const EXPLANATION = ['Magma ', 'is ', 'melted ', 'rock ', 'deep ', 'under ', 'the ', 'ground.'];

describe('a child chatting in the browser', () => {
  let upstream;
  let stack;
  let browser;

  before(async () => {
    upstream = await startOpenAiUpstream({
      answer: (body) =>
        body.messages?.[0]?.content?.includes('Explain mode') ? EXPLANATION : ANSWER,
    });
    stack = await startStack({
      env: { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: upstream.baseUrl },
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stack?.stop();
    await upstream?.close();
  });

  it('streams, explains, keeps history per mode across a reload, clears it and forgets it on sign-out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${stack.baseUrl}/kids/login`);
    await page.getByLabel('Username').fill(CHILD.username);
    await page.getByLabel('Password').fill(CHILD.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${stack.baseUrl}/chat`);
    await page.getByText('Welcome to Learn Mode!').waitFor();

    // The first words are on screen while the model is still "writing" the rest.
    upstream.hold();
    const box = page.getByPlaceholder('Type your message...');
    await box.fill('  Tell me about volcanoes  ');
    await box.press('Enter');
    await page.getByText('Volcanoes', { exact: false }).first().waitFor();
    assert.equal(await page.getByRole('img', { name: 'Sprout is typing' }).count(), 1);
    assert.equal(await page.getByText('inside.').count(), 0);
    upstream.release();
    await page.getByRole('img', { name: 'Sprout is typing' }).waitFor({ state: 'detached' });
    assert.equal(await box.inputValue(), '');
    const sent = upstream.requests.at(-1).messages;
    assert.deepEqual(sent.at(-1), { role: 'user', content: 'Tell me about volcanoes' });
    assert.equal(sent[0].role, 'system');

    // The marked word is a button that asks for an explanation (mode Explain, no history).
    await page.getByRole('button', { name: /magma/ }).click();
    await page.getByText('Magma is melted rock deep under the ground.', { exact: true }).waitFor();
    const explainRequest = upstream.requests.at(-1).messages;
    assert.ok(explainRequest[0].content.includes('Explain mode'));
    assert.equal(explainRequest.length, 2, 'an explain request carries no history');

    // Each mode has its own conversation; Learn's comes back after a visit to Play.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByText('Welcome to Play Mode!').waitFor();
    assert.equal(await page.getByText('Tell me about volcanoes').count(), 0);
    await page.getByRole('button', { name: 'Learn', exact: true }).click();
    await page.getByText('Tell me about volcanoes').waitFor();

    // The history survives a reload, and the next prompt carries it to the model.
    await page.reload();
    await page.getByText('Tell me about volcanoes').waitFor();
    await box.fill('Are they hot?');
    await box.press('Enter');
    await page.getByRole('img', { name: 'Sprout is typing' }).waitFor({ state: 'detached' });
    const withHistory = upstream.requests.at(-1).messages;
    assert.ok(
      withHistory.some((m) => m.role === 'user' && m.content === 'Tell me about volcanoes'),
      'the earlier prompt is sent as history',
    );
    assert.ok(!withHistory.some((m) => m.content.includes('Welcome to Learn Mode!')));

    // Clearing asks first, then brings back the welcome message.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Audio & Speech Settings' });
    await settings.getByRole('button', { name: 'Clear Learn Chat History' }).click();
    await settings
      .getByText(
        'Are you sure you want to clear the chat history for "Learn" mode? This cannot be undone.',
      )
      .waitFor();
    await settings.getByRole('button', { name: 'Yes, Clear History' }).click();
    await settings.waitFor({ state: 'detached' });
    await page.getByText('Welcome to Learn Mode!').waitFor();
    assert.equal(await page.getByText('Tell me about volcanoes').count(), 0);

    // Signing out deletes every saved conversation of this child.
    await box.fill('One more question about rocks');
    await box.press('Enter');
    await page.getByRole('img', { name: 'Sprout is typing' }).waitFor({ state: 'detached' });
    const saved = () =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('sprout.chatHistory.')),
      );
    assert.equal((await saved()).length, 1);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/kids\/login/);
    assert.deepEqual(await saved(), []);
    await context.close();
  });
});

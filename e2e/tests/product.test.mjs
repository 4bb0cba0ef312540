// A parent and a child using the product in Chromium, against the whole stack behind nginx,
// checked against the spec's texts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startStack } from '../lib/stack.mjs';
import { launchBrowser } from '../lib/browser.mjs';
import { accessibilityViolations } from '../lib/axe.mjs';

const PARENT = { email: 'parent@demo.sprout.test', password: 'sprout-parent' };
const CHILD = { username: 'demo-kid', password: 'sprout-kid' };
const ADMIN = { email: 'admin@demo.sprout.test', password: 'sprout-admin' };

describe('Sprout in a browser', () => {
  let stack;
  let browser;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function newPage() {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  it('shows the landing page with the one family plan', async () => {
    const page = await newPage();
    const res = await page.goto(`${stack.baseUrl}/`);
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-security-policy'] ?? '', /default-src 'self'/);
    await page.getByText('$12.99', { exact: false }).first().waitFor();
    await page.context().close();
  });

  it('tells a child with a wrong password, then logs in and chats with a streamed answer', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/kids/login`);
    await page.getByLabel('Username').fill(CHILD.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Incorrect child username or password.').waitFor();

    await page.getByLabel('Username').fill('no-such-kid-here');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText("That username doesn't exist. Please check the spelling.").waitFor();

    await page.getByLabel('Username').fill(CHILD.username);
    await page.getByLabel('Password').fill(CHILD.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${stack.baseUrl}/chat`);
    await page.getByText('Welcome to Learn Mode!').waitFor();

    const box = page.getByPlaceholder('Type your message...');
    await box.fill('Why is the sky blue?');
    await box.press('Enter');
    await page.getByText('Why is the sky blue?').first().waitFor();
    assert.equal(await box.inputValue(), '');
    // The scripted model's answer mentions the mode; wait until streaming has finished.
    await page.waitForFunction(
      () => !document.querySelector('[aria-label="Sprout is typing"], .typing-indicator'),
    );
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/kids\/login/);
    await page.context().close();
  });

  it('shows the parent the child’s prompt in the logs', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/parents/login`);
    await page.getByLabel('Parent Email').fill(PARENT.email);
    await page.getByLabel('Parent Password').fill(PARENT.password);
    await page.getByRole('button', { name: 'Log In with Email' }).click();
    await page.waitForURL(`${stack.baseUrl}/parents/dashboard`);
    await page.getByRole('button', { name: 'Logs' }).first().click();
    await page.getByText('Why is the sky blue?').first().waitFor();
    assert.deepEqual(await accessibilityViolations(page), [], 'on the dashboard logs');
    await page.context().close();
  });

  it('refuses a wrong parent password with the spec text', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/parents/login`);
    await page.getByLabel('Parent Email').fill(PARENT.email);
    await page.getByLabel('Parent Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In with Email' }).click();
    await page.getByText('Incorrect email or password. Please try again.').waitFor();
    await page.context().close();
  });

  it('shows the expired-session notice and removes the flag', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/parents/login?sessionExpired=true`);
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await page.waitForFunction(() => !location.search.includes('sessionExpired'));
    await page.context().close();
  });

  it('sends a signed-out visitor of /chat to the kids login', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/chat`);
    await page.waitForURL(/\/kids\/login/);
    await page.context().close();
  });

  it('takes a new parent from signup to a reviewed alert and a deleted child', async () => {
    const email = `journey-${Date.now()}@example.com`;
    const username = `journey${Date.now() % 100000}`;
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/parents/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('journey-pass');
    await page.getByRole('button', { name: 'Sign Up with Email' }).click();
    await page.getByText('You must accept the Terms and Conditions to sign up.').waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up with Email' }).click();
    await page.waitForURL(`${stack.baseUrl}/parents/dashboard`);
    await page.getByRole('heading', { name: 'Get Started' }).waitFor();

    await page.getByRole('button', { name: 'Go to Settings' }).click();
    await page.getByLabel('Nickname (username)').fill(username);
    await page.getByLabel('Password').fill('kid-pass-1');
    await page.getByLabel('Age (optional)').fill('8');
    await page.getByRole('button', { name: 'Add Child' }).click();
    await page.getByRole('button', { name: `Delete ${username}` }).waitFor();

    const modes = page.getByRole('group', { name: username });
    // The boxes show unchecked until the child's modes load, and uncheck() does nothing to an
    // unchecked box: wait for the loaded state first.
    await modes.getByRole('checkbox', { name: 'Bible', checked: true }).waitFor();
    // Listening before the click: a fast answer could otherwise arrive before the wait began.
    const saved = page.waitForResponse(
      (r) => r.url().includes('/allowed-modes') && r.request().method() === 'PUT',
    );
    await modes.getByLabel('Bible').uncheck();
    await saved;

    await page
      .getByRole('navigation', { name: 'Dashboard tabs' })
      .getByRole('button', { name: 'Keywords' })
      .click();
    await page.getByLabel('New keyword').fill('the');
    await page.getByRole('button', { name: 'Add Keyword' }).click();
    await page.getByText('"the" is a common word and cannot be added as a keyword.').waitFor();
    await page.getByLabel('New keyword').fill('Pizza');
    await page.getByRole('button', { name: 'Add Keyword' }).click();
    await page.getByRole('button', { name: 'Delete keyword pizza' }).waitFor();

    // The child logs in, sees only the allowed modes and writes the keyword.
    const kid = await newPage();
    await kid.goto(`${stack.baseUrl}/kids/login`);
    await kid.getByLabel('Username').fill(username);
    await kid.getByLabel('Password').fill('kid-pass-1');
    await kid.getByRole('button', { name: 'Log In' }).click();
    await kid.waitForURL(`${stack.baseUrl}/chat`);
    await kid.getByText('Welcome to Learn Mode!').waitFor();
    assert.equal(await kid.getByRole('button', { name: 'Bible', exact: true }).count(), 0);
    const box = kid.getByPlaceholder('Type your message...');
    await box.fill('I love pizza for dinner');
    await box.press('Enter');
    await kid.waitForFunction(
      () => !document.querySelector('[aria-label="Sprout is typing"], .typing-indicator'),
    );
    await kid.context().close();

    // The parent sees it in Stats and reviews it.
    await page
      .getByRole('navigation', { name: 'Dashboard tabs' })
      .getByRole('button', { name: 'Stats' })
      .click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('total-prompts').filter({ hasText: '1' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Dashboard tabs' })
      .getByRole('button', { name: 'Review Items' })
      .click();
    await page.getByText('I love pizza for dinner').waitFor();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Flagged Prompt' });
    await dialog.getByText(/pizza/i).first().waitFor();
    await dialog.getByRole('button', { name: 'Unmark as Safe' }).click();
    await page.getByText(`No items currently require review for ${username}.`).waitFor();

    await page
      .getByRole('navigation', { name: 'Dashboard tabs' })
      .getByRole('button', { name: 'Settings' })
      .click();
    await page.getByRole('button', { name: `Delete ${username}` }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Deletion' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByLabel('Nickname (username)').waitFor();
    await page.context().close();
  });

  it('tells how to delete an account: by email, within 7 business days, permanently', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/account-deletion`);
    await page.getByText('7 business days', { exact: false }).first().waitFor();
    await page.getByText('Deletion is permanent.', { exact: false }).first().waitFor();
    await page.context().close();
  });

  it('has no serious accessibility problems on the public and child screens', async () => {
    const page = await newPage();
    for (const route of [
      '/',
      '/parents/login',
      '/parents/signup',
      '/parents/forgot-password',
      '/parents/subscription-renewal',
      '/kids/login',
      '/privacy',
      '/Terms',
      '/terms',
      '/account-deletion',
    ]) {
      await page.goto(`${stack.baseUrl}${route}`);
      await page.locator('h1').first().waitFor();
      assert.deepEqual(await accessibilityViolations(page), [], `on ${route}`);
    }
    await page.goto(`${stack.baseUrl}/kids/login`);
    await page.getByLabel('Username').fill(CHILD.username);
    await page.getByLabel('Password').fill(CHILD.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${stack.baseUrl}/chat`);
    await page.getByText('Welcome to Learn Mode!').waitFor();
    assert.deepEqual(await accessibilityViolations(page), [], 'on /chat');
    await page.context().close();
  });

  it('sends visitors of /admin to login and back, and the admin suite passes', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/admin`);
    await page.waitForURL(`${stack.baseUrl}/parents/login?next=/admin`);
    await page.getByLabel('Parent Email').fill(ADMIN.email);
    await page.getByLabel('Parent Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In with Email' }).click();
    await page.waitForURL(`${stack.baseUrl}/admin`);
    await page.getByRole('button', { name: 'Run all' }).click();
    await page.getByText(/^\d+ passed, 0 failed$/).waitFor({ timeout: 90_000 });
    await page.context().close();

    const parent = await newPage();
    await parent.goto(`${stack.baseUrl}/parents/login?next=/admin`);
    await parent.getByLabel('Parent Email').fill(PARENT.email);
    await parent.getByLabel('Parent Password').fill(PARENT.password);
    await parent.getByRole('button', { name: 'Log In with Email' }).click();
    await parent.waitForURL(`${stack.baseUrl}/`);
    await parent.context().close();
  });
});

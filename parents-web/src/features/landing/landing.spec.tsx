import type { ClientConfigResponse } from '@sprout/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getClientConfig } from '../../lib/firebase';
import { LandingPage } from './LandingPage';

vi.mock('../../lib/firebase', () => ({ getClientConfig: vi.fn() }));

function makeConfig(overrides: Partial<ClientConfigResponse> = {}): ClientConfigResponse {
  return {
    firebase: { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-sprout' },
    authEmulatorUrl: null,
    billing: 'stripe',
    stripePublishableKey: null,
    supportEmail: 'help@sprout.test',
    appStoreUrl: 'https://apps.apple.com/app/sprout/id123',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=app.sprout',
    promoCode: 'SPROUT50',
    ...overrides,
  };
}

function renderLanding(path = '/') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <LandingPage />
    </MemoryRouter>,
  );
  return { user };
}

/** Heading levels start at 1 and never skip a level on the way down. */
function expectHeadingsInOrder() {
  const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1] + 1);
  });
}

describe('LandingPage', () => {
  beforeEach(() => {
    vi.mocked(getClientConfig).mockReset();
    vi.mocked(getClientConfig).mockResolvedValue(makeConfig());
  });

  it('invites parents to sign up or log in from the header and the hero', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sprout' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/parents/login',
    );
    expect(within(header).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/parents/signup',
    );

    const hero = screen.getByRole('region', {
      name: 'Curious kids. Kind answers. Parents in the loop.',
    });
    expect(screen.getByRole('heading', { level: 1 })).toBe(within(hero).getByRole('heading'));
    expect(within(hero).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/parents/signup',
    );
    expect(within(hero).getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/parents/login',
    );
  });

  it('states one plan at $12.99/month for the whole family', () => {
    renderLanding();
    const pricing = screen.getByRole('region', { name: 'One plan for the whole family' });
    expect(within(pricing).getByText('$12.99/month')).toBeInTheDocument();
    expect(within(pricing).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/parents/signup',
    );
    expect(
      screen.getByText('One plan for the whole family: $12.99/month. Cancel anytime.'),
    ).toBeInTheDocument();
  });

  it('lists the four age-appropriate modes with their descriptions', () => {
    renderLanding();
    const modes = screen.getByRole('region', { name: 'Four age-appropriate modes' });
    const cards = within(modes).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Learn',
      'Play',
      'Story Time',
      'Homework',
    ]);
    expect(
      within(cards[0]).getByText('Ask me about anything, like planets or why the sky is blue!'),
    ).toBeInTheDocument();
    expect(
      within(cards[1]).getByText("Let's have fun with jokes, games and silly stories!"),
    ).toBeInTheDocument();
    expect(
      within(cards[2]).getByText("Let's read a tale together or make up a story of our own!"),
    ).toBeInTheDocument();
    expect(
      within(cards[3]).getByText(
        "I can help you with math, science and more. Let's work it out together!",
      ),
    ).toBeInTheDocument();
  });

  it('presents the safety features parents care about', () => {
    renderLanding();
    const safety = screen.getByRole('region', { name: 'Built for children, designed for parents' });
    for (const title of [
      'Moderation that fits your child',
      'Keyword alerts',
      'Every prompt and answer, visible to you',
      'Flagged items to review',
      'Read-aloud and voice input',
      'Private by design',
    ]) {
      expect(within(safety).getByRole('heading', { name: title, level: 3 })).toBeInTheDocument();
    }
    expect(
      within(safety)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Strict', 'Moderate', 'Lenient']);
    expect(
      within(safety).getByText(/never used for advertising and never used to train AI models/),
    ).toBeInTheDocument();
  });

  it('draws QR codes for the configured app store links and shows the promotion code', async () => {
    renderLanding();
    const apps = screen.getByRole('region', { name: 'Sprout on your phone' });
    const appStore = await within(apps).findByRole('img', {
      name: 'QR code for Sprout on App Store',
    });
    const playStore = await within(apps).findByRole('img', {
      name: 'QR code for Sprout on Google Play',
    });
    expect(appStore.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(playStore.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(appStore.getAttribute('src')).not.toBe(playStore.getAttribute('src'));
    expect(within(apps).getByRole('link', { name: /Get it on App Store/ })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/sprout/id123',
    );
    expect(within(apps).getByRole('link', { name: /Get it on Google Play/ })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=app.sprout',
    );
    expect(within(apps).getByText('SPROUT50').closest('p')).toHaveTextContent(
      '50% off Use promotion code SPROUT50 in the app for 50% off.',
    );
    expect(within(apps).queryByText(/coming soon/)).not.toBeInTheDocument();
  });

  it('shows only the store that is configured', async () => {
    vi.mocked(getClientConfig).mockResolvedValue(makeConfig({ appStoreUrl: null }));
    renderLanding();
    const apps = screen.getByRole('region', { name: 'Sprout on your phone' });
    await within(apps).findByRole('img', { name: 'QR code for Sprout on Google Play' });
    expect(within(apps).getAllByRole('img')).toHaveLength(1);
    expect(within(apps).queryByRole('link', { name: /App Store/ })).not.toBeInTheDocument();
  });

  it('says the mobile apps are coming soon when no store link is configured', async () => {
    vi.mocked(getClientConfig).mockResolvedValue(
      makeConfig({ appStoreUrl: null, playStoreUrl: null }),
    );
    renderLanding();
    const apps = screen.getByRole('region', { name: 'Sprout on your phone' });
    expect(
      await within(apps).findByText(
        'The Sprout mobile apps are coming soon. Until then, Sprout works in the web browser of any phone, tablet or computer, with nothing to install.',
      ),
    ).toBeInTheDocument();
    expect(within(apps).queryByRole('img')).not.toBeInTheDocument();
    expect(within(apps).queryByText('SPROUT50')).not.toBeInTheDocument();
  });

  it('hides the promotion line when no promotion code is configured', async () => {
    vi.mocked(getClientConfig).mockResolvedValue(makeConfig({ promoCode: null }));
    renderLanding();
    const apps = screen.getByRole('region', { name: 'Sprout on your phone' });
    await within(apps).findByRole('img', { name: 'QR code for Sprout on App Store' });
    expect(within(apps).queryByText(/promotion code/)).not.toBeInTheDocument();
  });

  it('writes the support email in the mail app, with the chosen topic and the message', async () => {
    const { user } = renderLanding();
    const support = screen.getByRole('region', { name: "Questions? We're here to help" });
    expect(support).toHaveAttribute('id', 'support');
    const send = await within(support).findByRole('link', { name: 'Email support' });
    expect(send).toHaveAttribute(
      'href',
      'mailto:help@sprout.test?subject=Sprout%20support%3A%20question',
    );
    expect(within(support).getByRole('link', { name: 'help@sprout.test' })).toHaveAttribute(
      'href',
      'mailto:help@sprout.test',
    );

    await user.selectOptions(within(support).getByLabelText('Topic'), 'Delete my account');
    await user.type(within(support).getByLabelText('Your message'), 'Please delete us & thanks');
    expect(send).toHaveAttribute(
      'href',
      'mailto:help@sprout.test?subject=Account%20Deletion%20Request&body=Please%20delete%20us%20%26%20thanks',
    );
  });

  it('explains when the config cannot be loaded and tries again on request', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getClientConfig)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(makeConfig());
    const { user } = renderLanding();
    const support = screen.getByRole('region', { name: "Questions? We're here to help" });
    expect(
      await within(support).findByText(
        "We couldn't load our support address right now. Please check your connection and try again.",
      ),
    ).toBeInTheDocument();
    const apps = screen.getByRole('region', { name: 'Sprout on your phone' });
    expect(
      within(apps).getByText(
        "We couldn't load the app links right now. Please check your connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();

    await user.click(within(support).getByRole('button', { name: 'Try again' }));
    expect(await within(support).findByRole('link', { name: 'Email support' })).toHaveAttribute(
      'href',
      'mailto:help@sprout.test?subject=Sprout%20support%3A%20question',
    );
    expect(
      await within(apps).findByRole('img', { name: 'QR code for Sprout on App Store' }),
    ).toBeInTheDocument();
  });

  it('links the footer to the legal pages, the kids login and the support form', () => {
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/Terms',
    );
    expect(footer.getByRole('link', { name: 'Account deletion' })).toHaveAttribute(
      'href',
      '/account-deletion',
    );
    expect(footer.getByRole('link', { name: 'Kids log in' })).toHaveAttribute(
      'href',
      '/kids/login',
    );
    expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/#support');
  });

  it('opens at the support form when the address names it', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderLanding('/#support');
      await screen.findByRole('link', { name: 'Email support' });
      expect(scrolled.map((element) => element.id)).toEqual(['support']);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('has one main landmark, a skip link to it and headings in order', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expectHeadingsInOrder();
  });
});

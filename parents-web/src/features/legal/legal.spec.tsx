import type { ClientConfigResponse } from '@sprout/shared';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getClientConfig } from '../../lib/firebase';
import { AccountDeletionPage } from './AccountDeletionPage';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

vi.mock('../../lib/firebase', () => ({ getClientConfig: vi.fn() }));

const CONFIG: ClientConfigResponse = {
  firebase: { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-sprout' },
  authEmulatorUrl: null,
  billing: 'stripe',
  stripePublishableKey: null,
  supportEmail: 'help@sprout.test',
  appStoreUrl: null,
  playStoreUrl: null,
  promoCode: null,
};

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

/** Heading levels start at 1 and never skip a level on the way down. */
function expectHeadingsInOrder() {
  const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1] + 1);
  });
}

function expectSharedChrome() {
  const header = within(screen.getByRole('banner'));
  expect(header.getByRole('link', { name: 'Sprout' })).toHaveAttribute('href', '/');
  const footer = within(screen.getByRole('contentinfo'));
  expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'href',
    '/Terms',
  );
  expect(footer.getByRole('link', { name: 'Account deletion' })).toHaveAttribute(
    'href',
    '/account-deletion',
  );
  expect(footer.getByRole('link', { name: 'Kids log in' })).toHaveAttribute('href', '/kids/login');
  expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/#support');
  expect(screen.getByText('Last updated: November 2026')).toBeInTheDocument();
  expectHeadingsInOrder();
}

describe('legal pages', () => {
  beforeEach(() => {
    vi.mocked(getClientConfig).mockReset();
    vi.mocked(getClientConfig).mockResolvedValue(CONFIG);
  });

  describe('TermsPage', () => {
    it('states the plan, billing, cancellation and the limits of the service', async () => {
      renderPage(<TermsPage />);
      expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
      expect(document.title).toBe('Terms and Conditions | Sprout');
      expectSharedChrome();

      const billing = screen.getByRole('heading', { name: '5. The family plan and billing' })
        .parentElement as HTMLElement;
      expect(within(billing).getByText('$12.99/month')).toBeInTheDocument();
      expect(within(billing).getByText(/billed monthly in advance through Stripe/)).toBeVisible();
      expect(
        screen.getByText(
          /Cancellation takes effect at the end of the billing period you have already paid for/,
        ),
      ).toBeInTheDocument();
      for (const heading of [
        '4. Child accounts and your responsibility',
        '7. Acceptable use',
        '8. AI answers can be wrong',
        '11. No warranty',
        '12. Limitation of liability',
        '14. Contact',
      ]) {
        expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
      }
      expect(await screen.findByRole('link', { name: 'help@sprout.test' })).toHaveAttribute(
        'href',
        'mailto:help@sprout.test',
      );
    });
  });

  describe('PrivacyPage', () => {
    it('says what is stored, for how long, who processes it and what parents can do', async () => {
      renderPage(<PrivacyPage />);
      expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      expectSharedChrome();

      expect(screen.getByRole('heading', { level: 2, name: '2. What we store' })).toBeVisible();
      expect(
        screen.getByText(
          /every prompt a child sends and every answer Sprout gives, with the mode and the time/,
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          "Children's chats are never used to train AI models and never used for advertising.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(/retention period set by the operator/)).toBeInTheDocument();
      const processors = screen.getByRole('heading', { name: '6. Who helps us' })
        .parentElement as HTMLElement;
      for (const name of [
        'Firebase Authentication',
        'Stripe',
        'The AI provider',
        'Our email provider',
      ]) {
        expect(within(processors).getByText(name)).toBeInTheDocument();
      }
      expect(within(processors).getByText(/OpenAI/)).toBeInTheDocument();
      expect(
        screen.getByRole('heading', {
          level: 2,
          name: "8. Children's privacy and parental consent (COPPA)",
        }),
      ).toBeVisible();
      expect(
        screen.getByText(/There is no way for a child to sign up by themselves/),
      ).toBeVisible();
      expect(screen.getByText(/the Export data button in the Logs tab/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'how to delete your account' })).toHaveAttribute(
        'href',
        '/account-deletion',
      );
      const emailLinks = await screen.findAllByRole('link', { name: 'help@sprout.test' });
      expect(emailLinks).toHaveLength(2);
      for (const link of emailLinks)
        expect(link).toHaveAttribute('href', 'mailto:help@sprout.test');
    });
  });

  describe('AccountDeletionPage', () => {
    it('explains the subject line, the 7 business days and that deletion is permanent', async () => {
      renderPage(<AccountDeletionPage />);
      expect(
        screen.getByRole('heading', { level: 1, name: 'Delete your Sprout account' }),
      ).toBeVisible();
      expectSharedChrome();

      expect(
        screen.getByText(/^To delete your Sprout account, email support with the subject line/)
          .textContent,
      ).toBe(
        'To delete your Sprout account, email support with the subject line "Account Deletion Request". We process deletion requests within 7 business days. Deletion is permanent.',
      );
      expect(
        screen.getByText(
          'We process your request within 7 business days and email you when it is done. If we need to confirm that the request really comes from you, we will reply to the address you wrote from.',
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 2, name: 'Deletion is permanent' }),
      ).toBeVisible();

      const mailto = 'mailto:help@sprout.test?subject=Account%20Deletion%20Request';
      expect(await screen.findByRole('link', { name: 'help@sprout.test' })).toHaveAttribute(
        'href',
        mailto,
      );
      expect(
        screen.getByRole('link', { name: 'Email support to delete my account' }),
      ).toHaveAttribute('href', mailto);
    });

    it('tells parents that one child can be deleted at once from Settings', () => {
      renderPage(<AccountDeletionPage />);
      const section = screen.getByRole('heading', { name: 'Deleting a single child' })
        .parentElement as HTMLElement;
      expect(section).toHaveTextContent(
        "Log in, open the Settings tab of your dashboard, find the child under Child Account Management and choose Delete. Once you confirm, the child's account and all of their data are deleted at once.",
      );
    });

    it('points to the support form when the support address cannot be loaded', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.mocked(getClientConfig).mockRejectedValue(new Error('offline'));
      renderPage(<AccountDeletionPage />);
      expect(await screen.findByRole('link', { name: 'see the support form' })).toHaveAttribute(
        'href',
        '/#support',
      );
      expect(
        screen.queryByRole('link', { name: 'Email support to delete my account' }),
      ).not.toBeInTheDocument();
    });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageMarkdown } from './MessageMarkdown';

function renderMarkdown(content: string, explainDisabled = false) {
  const onExplain = vi.fn();
  const view = render(
    <MessageMarkdown content={content} onExplain={onExplain} explainDisabled={explainDisabled} />,
  );
  return { onExplain, ...view };
}

describe('MessageMarkdown (spec §5 rendering rules)', () => {
  it('renders markdown', () => {
    renderMarkdown('**Welcome to Learn Mode!**\n\n- one\n- two');
    expect(screen.getByText('Welcome to Learn Mode!').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps headings below the page headings', () => {
    renderMarkdown('# Big\n\n## Medium\n\n### Small');
    expect(screen.getByRole('heading', { name: 'Big' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Medium' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Small' }).tagName).toBe('H4');
  });

  it('strips template braces to their inner text', () => {
    const { container } = renderMarkdown('Hello {{name}} and {friend}!');
    expect(container).toHaveTextContent('Hello name and friend!');
    expect(container.textContent).not.toContain('{');
  });

  it('turns explain: links into buttons that ask for the word', async () => {
    const { onExplain } = renderMarkdown('Plants use [sunlight](explain:photosynthesis%20light).');
    const button = screen.getByRole('button', { name: /sunlight/ });
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.click(button);
    expect(onExplain).toHaveBeenCalledWith('photosynthesis light');
  });

  it('disables explain buttons while a reply is on its way', () => {
    renderMarkdown('[gravity](explain:gravity)', true);
    expect(screen.getByRole('button', { name: /gravity/ })).toBeDisabled();
  });

  it('opens ordinary links in a new tab', () => {
    renderMarkdown('[NASA](https://www.nasa.gov) and [help](/privacy) and [mail](mailto:a@b.c)');
    for (const [name, href] of [
      ['NASA', 'https://www.nasa.gov'],
      ['help', '/privacy'],
      ['mail', 'mailto:a@b.c'],
    ]) {
      const link = screen.getByRole('link', { name: new RegExp(name) });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('keeps irc, ircs and xmpp links', () => {
    renderMarkdown('[a](irc://x) [b](ircs://y) [c](xmpp:z@w)');
    expect(screen.getByRole('link', { name: /^a/ })).toHaveAttribute('href', 'irc://x');
    expect(screen.getByRole('link', { name: /^b/ })).toHaveAttribute('href', 'ircs://y');
    expect(screen.getByRole('link', { name: /^c/ })).toHaveAttribute('href', 'xmpp:z@w');
  });

  it('empties the target of any other protocol', () => {
    const { container } = renderMarkdown(
      '[click](javascript:alert(1)) [data](data:text/html,hi) [file](file:///etc/passwd)',
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(container.querySelector('[href]')).toBeNull();
    expect(container).toHaveTextContent('click data file');
  });

  it('drops images whose source is not allowed', () => {
    const { container } = renderMarkdown(
      '![cat](https://img.example/cat.png) ![bad](javascript:x)',
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://img.example/cat.png');
  });
});

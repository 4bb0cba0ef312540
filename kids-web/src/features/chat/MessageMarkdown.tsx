/**
 * Assistant text as markdown, by the rules of spec §5: template braces stripped, link targets kept
 * only for safe protocols or relative links, `explain:` links turned into buttons that ask for an
 * explanation, and ordinary links opened in a new tab.
 */
import { explainWord, safeUrl, stripTemplateBraces } from '@sprout/shared';
import { memo, useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';

export interface MessageMarkdownProps {
  content: string;
  onExplain: (word: string) => void;
  explainDisabled: boolean;
}

const transformUrl = (url: string) => safeUrl(url, true);

export const MessageMarkdown = memo(function MessageMarkdown({
  content,
  onExplain,
  explainDisabled,
}: MessageMarkdownProps) {
  const components = useMemo<Components>(
    () => ({
      a: ({ href, children }) => {
        const word = href ? explainWord(href) : null;
        if (word !== null) {
          return (
            <button
              type="button"
              className="explain-word"
              disabled={explainDisabled}
              onClick={() => onExplain(word)}
            >
              {children}
              <span className="sr-only"> (what does this mean?)</span>
            </button>
          );
        }
        if (!href) return <span className="link-removed">{children}</span>;
        return (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {children}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        );
      },
      // Headings inside a bubble sit below the page's own headings.
      h1: ({ children }) => <h3>{children}</h3>,
      h2: ({ children }) => <h3>{children}</h3>,
      h3: ({ children }) => <h4>{children}</h4>,
      img: ({ src, alt }) =>
        typeof src === 'string' && src && explainWord(src) === null ? (
          <img className="markdown-image" src={src} alt={alt ?? ''} loading="lazy" />
        ) : null,
    }),
    [explainDisabled, onExplain],
  );
  return (
    <div className="markdown">
      <Markdown urlTransform={transformUrl} components={components}>
        {stripTemplateBraces(content)}
      </Markdown>
    </div>
  );
});

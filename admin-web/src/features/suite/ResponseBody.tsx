import { useId, useState } from 'react';
import { formatBody } from './report';

/** Bodies longer than this show their start and an expand button. */
export const BODY_PREVIEW_CHARS = 1200;

export function ResponseBody({ body }: { body: unknown }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const text = formatBody(body);
  if (!text) return <p className="call__empty">Empty response body.</p>;
  const long = text.length > BODY_PREVIEW_CHARS;
  const shown = long && !expanded ? `${text.slice(0, BODY_PREVIEW_CHARS)}…` : text;
  return (
    <div className="call__body">
      <pre id={id} className="code" tabIndex={0} aria-label="Response body">
        {shown}
      </pre>
      {long && (
        <button
          type="button"
          className="button button--link"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : `Show all ${text.length.toLocaleString('en-US')} characters`}
        </button>
      )}
    </div>
  );
}

import Markdown from 'react-markdown';
import { safeUrl, stripTemplateBraces } from '@sprout/shared';
import { Modal } from '../../components/Modal';

/** 'Full Text': a prompt or an answer, rendered as markdown with the safe-link rule. */
export function FullTextModal({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <Modal title="Full Text" onClose={onClose} wide>
      <div className="markdown">
        <Markdown
          urlTransform={(url) => safeUrl(url)}
          components={{
            a: ({ href, children }) => (
              <a href={href || undefined} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            ),
          }}
        >
          {stripTemplateBraces(text)}
        </Markdown>
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

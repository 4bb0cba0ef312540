import { useState, type FormEvent } from 'react';
import { KEYWORD_MAX_LENGTH, checkKeyword } from '@sprout/shared';
import { useSelectedChild } from '../../app/use-selected-child';
import { ChildSelect } from '../../components/ChildSelect';
import {
  useAddKeywordMutation,
  useDeleteKeywordMutation,
  useGetKeywordsQuery,
} from './keywords-api';
import './keywords.css';

export function KeywordsTab() {
  const { children, child, select } = useSelectedChild();
  const { data, isLoading } = useGetKeywordsQuery();
  const [addKeyword, addState] = useAddKeywordMutation();
  const [deleteKeyword] = useDeleteKeywordMutation();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keywords = data?.keywords ?? [];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const check = checkKeyword(input);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    const result = await addKeyword(check.keyword);
    if ('error' in result) {
      console.error('Adding the keyword failed', result.error);
      return;
    }
    setInput('');
  }

  async function onDelete(keyword: string) {
    const result = await deleteKeyword(keyword);
    if ('error' in result) console.error('Removing the keyword failed', result.error);
  }

  return (
    <div className="tab keywords-tab">
      <div className="tab__toolbar">
        <ChildSelect children={children} value={child?.uid ?? null} onChange={select} />
      </div>
      <section className="card" aria-labelledby="keywords-heading">
        <h3 id="keywords-heading">Keyword Alerts</h3>
        <p className="field__hint">
          When any of your children writes one of these words, the prompt is flagged for your review
          {child ? `, including ${child.username}'s chats` : ''}. Matching ignores case and simple
          disguises such as extra spaces or numbers for letters.
        </p>
        <form className="keyword-form" onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor="keyword-input">New keyword</label>
            <div className="input-row">
              <input
                id="keyword-input"
                className="input"
                required
                maxLength={KEYWORD_MAX_LENGTH * 2}
                value={input}
                disabled={addState.isLoading}
                onChange={(event) => setInput(event.target.value)}
                aria-describedby={error ? 'keyword-error' : undefined}
              />
              <button
                type="submit"
                className="button button--primary"
                disabled={addState.isLoading}
              >
                Add Keyword
              </button>
            </div>
          </div>
          {error && (
            <p id="keyword-error" className="alert alert--error" role="alert">
              {error}
            </p>
          )}
        </form>
        {isLoading ? (
          <p role="status">Loading keywords...</p>
        ) : keywords.length === 0 ? (
          <p className="tab__empty">No keywords yet. Add words you want to hear about.</p>
        ) : (
          <ul className="keyword-list" aria-label="Current keywords">
            {keywords.map((keyword) => (
              <li key={keyword} className="keyword-chip">
                <span>{keyword}</span>
                <button
                  type="button"
                  className="keyword-chip__remove"
                  aria-label={`Delete keyword ${keyword}`}
                  onClick={() => void onDelete(keyword)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

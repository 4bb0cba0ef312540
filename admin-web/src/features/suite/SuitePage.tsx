import { useState } from 'react';
import { SproutLogo } from '../../components/SproutLogo';
import { copyText } from '../../lib/clipboard';
import { CallRow } from './CallRow';
import { callLabel, type SuiteClients } from './calls';
import { buildReport, summarize, summaryText } from './report';
import { useSuite } from './use-suite';
import './suite.css';

export const PAGE_TITLE = 'Sprout Admin — API test suite';

interface SuitePageProps {
  adminEmail: string;
  clients: SuiteClients;
  onSignOut: () => void;
  signingOut: boolean;
}

type CopyState = { status: 'idle' } | { status: 'copied' } | { status: 'failed'; report: string };

export function SuitePage({ adminEmail, clients, onSignOut, signingOut }: SuitePageProps) {
  const suite = useSuite(adminEmail, clients);
  const [copy, setCopy] = useState<CopyState>({ status: 'idle' });
  const summary = summarize(suite.calls, suite.results);
  const runningIndex = suite.calls.findIndex((call) => call.id === suite.runningId);

  async function copyReport() {
    const report = buildReport({
      calls: suite.calls,
      results: suite.results,
      origin: window.location.origin,
      adminEmail,
      testChild: suite.child.username,
      generatedAt: new Date(),
    });
    setCopy((await copyText(report)) ? { status: 'copied' } : { status: 'failed', report });
  }

  let progress: string | null = null;
  if (suite.runningAll && runningIndex >= 0) {
    progress = `Running ${runningIndex + 1} of ${suite.calls.length}: ${callLabel(suite.calls[runningIndex])}`;
  }

  return (
    <div className="page">
      <header className="topbar">
        <div className="topbar__brand">
          <SproutLogo size={36} />
          <h1>{PAGE_TITLE}</h1>
        </div>
        <div className="topbar__session">
          <span className="topbar__who">
            Signed in as <strong>{adminEmail}</strong>
          </span>
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={onSignOut}
            disabled={signingOut}
          >
            {signingOut ? 'Signing Out...' : 'Sign Out'}
          </button>
        </div>
      </header>

      <main className="content">
        <section className="panel" aria-labelledby="test-child-title">
          <h2 id="test-child-title">Test child</h2>
          <p className="panel__text">
            The kid calls sign this child in on a second, separate session: your own session is
            untouched. The embedded stack seeds <code>demo-kid</code>.
          </p>
          <div className="panel__fields">
            <div className="field">
              <label htmlFor="child-username">Child username</label>
              <input
                id="child-username"
                value={suite.child.username}
                onChange={(event) => suite.setChild('username', event.target.value)}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                autoComplete="off"
              />
            </div>
            <div className="field">
              <label htmlFor="child-password">Child password</label>
              <input
                id="child-password"
                type="password"
                value={suite.child.password}
                onChange={(event) => suite.setChild('password', event.target.value)}
                autoComplete="off"
              />
            </div>
          </div>
        </section>

        <div className="toolbar">
          <div className="toolbar__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void suite.runAll()}
              disabled={suite.busy}
            >
              {suite.runningAll ? 'Running...' : 'Run all'}
            </button>
            <button
              type="button"
              className="button button--soft"
              onClick={() => void copyReport()}
              disabled={suite.busy}
            >
              Copy report
            </button>
          </div>
          <div className="toolbar__status" role="status" aria-live="polite">
            {progress ? (
              <span>{progress}</span>
            ) : summary.passed + summary.failed > 0 ? (
              <>
                <strong
                  className={`summary ${summary.failed > 0 ? 'summary--fail' : 'summary--pass'}`}
                  data-testid="summary"
                >
                  {summaryText(summary)}
                </strong>
                {summary.notRun > 0 && (
                  <span className="summary__extra">{summary.notRun} not run</span>
                )}
              </>
            ) : (
              <span className="summary__extra">Nothing run yet.</span>
            )}
          </div>
          <div className="toolbar__copy" aria-live="polite">
            {copy.status === 'copied' && <span>Report copied to the clipboard.</span>}
            {copy.status === 'failed' && (
              <div className="field field--wide">
                <label htmlFor="report-text">
                  Could not copy. Select the report below and copy it.
                </label>
                <textarea id="report-text" readOnly rows={8} value={copy.report} />
              </div>
            )}
          </div>
        </div>

        <section className="calls" aria-label="Calls">
          {suite.calls.map((call) => (
            <CallRow
              key={call.id}
              call={call}
              inputs={suite.inputs[call.id] ?? {}}
              result={suite.results[call.id]}
              stream={suite.streams[call.id]}
              running={suite.runningId === call.id}
              disabled={suite.busy}
              onInput={(key, value) => suite.setInput(call.id, key, value)}
              onRun={() => void suite.runOne(call)}
            />
          ))}
        </section>
      </main>
    </div>
  );
}

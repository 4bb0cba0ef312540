import type { ChangeEvent } from 'react';
import { callLabel, type CallDefinition, type CallOutcome } from './calls';
import { ResponseBody } from './ResponseBody';

interface CallRowProps {
  call: CallDefinition;
  inputs: Record<string, string>;
  result: CallOutcome | undefined;
  stream: string | undefined;
  running: boolean;
  disabled: boolean;
  onInput: (key: string, value: string) => void;
  onRun: () => void;
}

function statusText(result: CallOutcome | undefined, running: boolean): string {
  if (running) return 'Running...';
  if (!result) return 'Not run';
  const status = result.status === null ? 'no answer' : `HTTP ${result.status}`;
  return `${result.pass ? 'Pass' : 'Fail'} · ${status}`;
}

function statusClass(result: CallOutcome | undefined, running: boolean): string {
  if (running) return 'badge badge--running';
  if (!result) return 'badge';
  return result.pass ? 'badge badge--pass' : 'badge badge--fail';
}

export function CallRow({
  call,
  inputs,
  result,
  stream,
  running,
  disabled,
  onInput,
  onRun,
}: CallRowProps) {
  const label = callLabel(call);
  const titleId = `call-${call.id}-title`;
  const showStream = call.streams && (running || stream);
  const bodyIsStream = call.streams && typeof result?.body === 'string';
  return (
    <section
      className={`call${result ? (result.pass ? ' call--pass' : ' call--fail') : ''}`}
      aria-labelledby={titleId}
      aria-busy={running}
    >
      <div className="call__head">
        <h3 id={titleId} className="call__title">
          <span className={`method method--${call.method.toLowerCase()}`}>{call.method}</span>{' '}
          <code>{call.path}</code>
        </h3>
        <button
          type="button"
          className="button button--soft button--small"
          aria-label={`Run ${label}`}
          disabled={disabled}
          onClick={onRun}
        >
          Run
        </button>
      </div>
      <p className="call__expect">{call.expectation}</p>

      {call.inputs.length > 0 && (
        <div className="call__inputs">
          {call.inputs.map((input) => {
            const id = `call-${call.id}-${input.key}`;
            const hintId = input.hint ? `${id}-hint` : undefined;
            const value = inputs[input.key] ?? '';
            const common = {
              id,
              value,
              'aria-describedby': hintId,
              onChange: (
                event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
              ) => onInput(input.key, event.target.value),
            };
            return (
              <div
                key={input.key}
                className={`field${input.kind === 'textarea' ? ' field--wide' : ''}`}
              >
                <label htmlFor={id}>{input.label}</label>
                {input.kind === 'select' ? (
                  <select {...common}>
                    {input.options?.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                ) : input.kind === 'textarea' ? (
                  <textarea {...common} rows={3} spellCheck={false} />
                ) : (
                  <input
                    {...common}
                    type={input.kind}
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                  />
                )}
                {input.hint && (
                  <span id={hintId} className="field__hint">
                    {input.hint}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}

      <dl className="call__result">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={statusClass(result, running)}>{statusText(result, running)}</span>
          </dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd>{!running && result?.latencyMs != null ? `${result.latencyMs} ms` : '—'}</dd>
        </div>
      </dl>
      {!running && result?.note && <p className="call__note">{result.note}</p>}

      {showStream && (
        <div className="call__stream">
          <span className="call__stream-label" id={`call-${call.id}-stream`}>
            Streamed answer
          </span>
          <div
            className="code code--stream"
            role="log"
            aria-live="polite"
            aria-labelledby={`call-${call.id}-stream`}
          >
            {stream}
          </div>
        </div>
      )}
      {!running && result && !bodyIsStream && <ResponseBody body={result.body} />}
    </section>
  );
}

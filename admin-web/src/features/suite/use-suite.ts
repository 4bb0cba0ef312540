/** The suite's state: inputs, results and the live chat stream; runs one call or all in order. */
import { useCallback, useRef, useState } from 'react';
import {
  CALLS,
  emptyContext,
  type CallDefinition,
  type CallOutcome,
  type SuiteClients,
  type SuiteContext,
} from './calls';

/** The embedded demo child (ARCHITECTURE §2), present on every embedded stack. */
export const DEMO_CHILD = { username: 'demo-kid', password: 'sprout-kid' } as const;

type Inputs = Record<string, Record<string, string>>;

function initialInputs(adminEmail: string): Inputs {
  return Object.fromEntries(CALLS.map((call) => [call.id, call.defaults(adminEmail)]));
}

export function useSuite(adminEmail: string, clients: SuiteClients) {
  const [child, setChildState] = useState<{ username: string; password: string }>({
    ...DEMO_CHILD,
  });
  const [inputs, setInputsState] = useState<Inputs>(() => initialInputs(adminEmail));
  const [results, setResults] = useState<Record<string, CallOutcome | undefined>>({});
  const [streams, setStreams] = useState<Record<string, string>>({});
  const [runningId, setRunningId] = useState<string | null>(null);
  const [runningAll, setRunningAll] = useState(false);
  const [ranAll, setRanAll] = useState(false);

  // The latest values for runs in progress (Run all reads each row's inputs when it gets there).
  const childRef = useRef(child);
  const inputsRef = useRef(inputs);
  const contextRef = useRef<SuiteContext>(emptyContext());
  const busyRef = useRef(false);

  const setChild = useCallback((field: 'username' | 'password', value: string) => {
    childRef.current = { ...childRef.current, [field]: value };
    setChildState(childRef.current);
  }, []);

  const setInput = useCallback((callId: string, key: string, value: string) => {
    inputsRef.current = {
      ...inputsRef.current,
      [callId]: { ...inputsRef.current[callId], [key]: value },
    };
    setInputsState(inputsRef.current);
  }, []);

  const execute = useCallback(
    async (call: CallDefinition): Promise<CallOutcome> => {
      setRunningId(call.id);
      setStreams((current) => ({ ...current, [call.id]: '' }));
      let result: CallOutcome;
      try {
        result = await call.run({
          inputs: inputsRef.current[call.id] ?? {},
          child: childRef.current,
          adminEmail,
          context: contextRef.current,
          clients,
          onText: (chunk) =>
            setStreams((current) => ({ ...current, [call.id]: (current[call.id] ?? '') + chunk })),
        });
      } catch (error) {
        result = {
          pass: false,
          status: null,
          latencyMs: null,
          body: null,
          note: `The test itself failed: ${error instanceof Error ? error.message : String(error)}`,
          request: `${call.method} ${call.path}`,
        };
      }
      setResults((current) => ({ ...current, [call.id]: result }));
      setRunningId(null);
      return result;
    },
    [adminEmail, clients],
  );

  const runOne = useCallback(
    async (call: CallDefinition) => {
      if (busyRef.current) return;
      busyRef.current = true;
      try {
        await execute(call);
      } finally {
        busyRef.current = false;
      }
    },
    [execute],
  );

  /** Every call in order, from a clean slate, so each one uses what the earlier ones learned. */
  const runAll = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setRunningAll(true);
    setRanAll(false);
    setResults({});
    setStreams({});
    contextRef.current = emptyContext();
    try {
      for (const call of CALLS) await execute(call);
    } finally {
      busyRef.current = false;
      setRunningAll(false);
      setRanAll(true);
    }
  }, [execute]);

  return {
    calls: CALLS,
    child,
    setChild,
    inputs,
    setInput,
    results,
    streams,
    runningId,
    runningAll,
    ranAll,
    busy: runningId !== null || runningAll,
    runOne,
    runAll,
  };
}

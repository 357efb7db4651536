import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { browserApi, isAbort, type Api } from '../api/http';

/** What the server loaded for the page it rendered: the page's state, under the key of its URL. */
export interface InitialPageData {
  key: string;
  state: unknown;
}

/** The server's data, or null once the reader has navigated away from the page it was for. */
export const InitialDataContext = createContext<{ current: InitialPageData | null }>({ current: null });

export interface PageState<S> {
  state: S;
  /** Loads again (the retry button of an error state). */
  reload: () => void;
}

/**
 * A page's state, loaded by `load` whenever `key` changes. On the page the server rendered,
 * the state starts as the server's (embedded in the HTML), so hydration matches and nothing
 * is fetched again.
 */
export function usePageState<S>(key: string, load: (api: Api) => Promise<S>, loading: S, failed: (err: unknown) => S): PageState<S> {
  const initial = useContext(InitialDataContext);
  const fromServer = initial.current?.key === key ? (initial.current.state as S) : undefined;
  const [state, setState] = useState<S>(fromServer ?? loading);
  const skipFirst = useRef(fromServer !== undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    setState(loading);
    load(browserApi(controller.signal)).then(setState, (err: unknown) => {
      if (isAbort(err)) return;
      console.error(err);
      setState(failed(err));
    });
    return () => controller.abort();
    // `load`, `loading` and `failed` follow from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  return { state, reload: () => setAttempt((n) => n + 1) };
}

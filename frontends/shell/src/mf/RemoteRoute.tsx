import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { RemoteBoundary } from './RemoteBoundary';
import { loadedRemote } from './loaded-remotes';
import { loadRemoteModule, type RemoteAlias } from './remotes';
import { Spinner } from '../layout/Spinner';

interface Props<P> {
  alias: RemoteAlias;
  exposed: string;
  props: P;
}

/** Renders a remote component (lazily loaded unless already in hand), with a spinner while it loads and a retry when it fails. */
export function RemoteRoute<P extends object>({ alias, exposed, props }: Props<P>) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => {
    const ready = attempt === 0 ? loadedRemote<{ default: ComponentType<P> }>(alias, exposed) : undefined;
    return ready ? ready.default : lazy(() => loadRemoteModule<{ default: ComponentType<P> }>(alias, exposed, attempt > 0));
  }, [alias, exposed, attempt]);
  return (
    <RemoteBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label="載入內容中…" />}>
        <Remote {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}

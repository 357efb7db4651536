import { Component, type ReactNode } from 'react';
import styles from './remote.module.css';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}
interface State {
  failed: boolean;
}

/** Catches a remote that failed to load (or crashed) and offers a retry instead of a blank page. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[shell] remote failed', error);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.error} role="alert">
        <p className={styles.errorTitle}>頁面載入失敗</p>
        <p>網路連線可能不穩定或服務暫時無法使用，請稍後再試。</p>
        <button type="button" className={styles.retry} onClick={this.retry}>
          重新載入
        </button>
      </div>
    );
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing this key clears the error (the layout passes the path). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Catches a page that throws while rendering or fails to load its chunk. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="page">
        <div className="container">
          <h1>Something went wrong</h1>
          <p>Error: {this.state.error.message}</p>
          <p>
            <a href="/home">Go to Home</a>
          </p>
        </div>
      </main>
    );
  }
}

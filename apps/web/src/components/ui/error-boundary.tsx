import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n, params, useMessages } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('errorBoundary', {
  title: 'Something went wrong',
  error: params('Error: {message}'),
  home: 'Go to Home',
});

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
    return <PageError message={this.state.error.message} />;
  }
}

/** What a page that failed shows instead of itself. */
function PageError({ message }: { message: string }) {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  return (
    <main className="page">
      <div className="container">
        <h1>{t.title}</h1>
        <p>{t.error({ message })}</p>
        <p>
          <a href="/home">{t.home}</a>
        </p>
      </div>
    </main>
  );
}

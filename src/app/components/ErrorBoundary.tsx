import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message (“the panel Projection”). */
  what: string;
  /** An action that removes what failed (a panel's “Remove this panel”). */
  remove?: { label: string; run(): void };
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a failure in drawing to what failed: a panel (or the compare layout) that throws while
 * drawing shows what failed, with a way to remove it, and the rest of the page keeps working.
 * React catches errors of rendering and effects only in a class component's lifecycle methods;
 * main.tsx logs them as warnings (the page has said what failed).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { what, remove } = this.props;
    return (
      <div className="notice error view-failed" role="alert" data-testid="view-failed">
        <div>
          <strong>{what} could not be drawn: </strong>
          <span data-testid="view-failed-message">{error.message || error.name}</span>
        </div>
        <div className="notice-actions">
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          {remove && (
            <button type="button" onClick={remove.run}>
              {remove.label}
            </button>
          )}
        </div>
      </div>
    );
  }
}

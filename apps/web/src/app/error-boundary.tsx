import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

/**
 * Catches a screen that throws or a lazy chunk that fails to load (typically after a deployment
 * replaced the files), and offers a reload instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * A part of the screen the page works without (the toaster, the chat widget): when it fails, for
 * instance its lazy code does not download on a dropped connection, it shows nothing instead of
 * taking the page down with it. The failure still reaches the error log through the window's
 * error handlers (lib/error-logging.ts) when it was thrown; a failed download is only a network error.
 */
import { Component, type ReactNode } from 'react';

export class OptionalPart extends Component<{ children?: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

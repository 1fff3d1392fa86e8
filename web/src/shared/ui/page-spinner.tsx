import { Spinner, SpinnerSize } from '@blueprintjs/core';

export const PageSpinner = () => (
  <div className="locus-page-spinner">
    <Spinner size={SpinnerSize.STANDARD} />
  </div>
);

/** Dims the screen while a command is running (the spec's shell spinner). */
export const BlockingSpinner = ({ show }: { show: boolean }) =>
  show ? (
    <div className="locus-blocking-spinner" role="progressbar" aria-label="Loading">
      <Spinner size={SpinnerSize.LARGE} />
    </div>
  ) : null;

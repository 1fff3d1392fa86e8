import { Spinner, SpinnerSize } from '@blueprintjs/core';

export const PageSpinner = () => (
  <div className="locus-page-spinner">
    <Spinner size={SpinnerSize.STANDARD} />
  </div>
);

import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/testing/decider-spec';
import { sessionDecider } from './logout';

const spec = deciderSpec(sessionDecider);
const data = { userId: 'u1', companyId: 'c1', tokenId: 't1' };

describe('session decider', () => {
  it('ends a session once: logging out again appends nothing', () => {
    spec
      .given([])
      .when({ type: 'EndSession', data })
      .then([{ type: 'SessionEnded', data }]);
    spec
      .given([{ type: 'SessionEnded', data }])
      .when({ type: 'EndSession', data })
      .then([]);
  });
});

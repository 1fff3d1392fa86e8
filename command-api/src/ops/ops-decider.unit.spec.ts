import { describe, it } from 'vitest';
import type { OpsEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { opsDecider } from './ops-decider';

const spec = deciderSpec(opsDecider);
const retried: OpsEvent = {
  type: 'ParkedReactorEventRetried',
  data: { reactor: 'templates', eventId: 'e1', eventType: 'TemplatePostRequested', position: 42, succeeded: false, error: 'Google said no', attempts: 2 },
};
const skipped: OpsEvent = {
  type: 'ParkedReactorEventSkipped',
  data: { reactor: 'templates', eventId: 'e1', eventType: 'TemplatePostRequested', position: 42, error: 'Google said no' },
};
const rebuilt: OpsEvent = { type: 'ProjectionRebuildStarted', data: { projection: 'directory', version: 3 } };

describe('ops decider', () => {
  it('records what the operator did, as it was checked against the runtimes, whatever came before', () => {
    spec.given([]).when({ type: 'RecordOpsAction', event: retried }).then([retried]);
    spec.given([retried]).when({ type: 'RecordOpsAction', event: skipped }).then([skipped]);
    spec.given([rebuilt]).when({ type: 'RecordOpsAction', event: rebuilt }).then([rebuilt]);
  });
});

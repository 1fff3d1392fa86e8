import { describe, it } from 'vitest';
import type { TemplateEvent, TemplatePost } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { templateDecider, type TemplateCommand } from './template-decider';

const spec = deciderSpec(templateDecider);
const post: TemplatePost = { TopicType: 'STANDARD', TemplateContent: '<p>Hello @{Name}</p>', MediaItemUrl: null, CallToAction: null, Event: null, Offer: null };
const save = (over: Partial<Extract<TemplateCommand, { type: 'SaveTemplate' }>> = {}): Extract<TemplateCommand, { type: 'SaveTemplate' }> => ({
  type: 'SaveTemplate',
  templateId: 't1',
  companyId: 'c1',
  post,
  locationIds: ['l1', 'l2'],
  scheduleDate: null,
  ...over,
});
const saved = (scheduleDate: string | null = null): TemplateEvent => ({
  type: 'PostTemplateSaved',
  data: { templateId: 't1', companyId: 'c1', post, locationIds: ['l1', 'l2'], scheduleDate },
});
const publish = (over: Partial<Extract<TemplateCommand, { type: 'PublishTemplate' }>> = {}): TemplateCommand => ({
  type: 'PublishTemplate',
  templateId: 't1',
  companyId: 'c1',
  publishId: 'p1',
  locationIds: ['l1', 'l2', 'l1'],
  now: '2026-11-28T10:00:00.000Z',
  scheduled: false,
  ...over,
});
const published: TemplateEvent = {
  type: 'PostTemplatePublishRequested',
  data: { templateId: 't1', companyId: 'c1', publishId: 'p1', post, locationIds: ['l1', 'l2'], requestedAt: '2026-11-28T10:00:00.000Z', scheduled: false },
};
const deleted: TemplateEvent = { type: 'PostTemplateDeleted', data: { templateId: 't1', companyId: 'c1' } };

describe('template decider', () => {
  it('saves a new template and re-saves a draft', () => {
    spec.given([]).when(save()).then([saved()]);
    spec
      .given([saved()])
      .when(save({ scheduleDate: '2026-12-01T09:00:00.000Z' }))
      .then([saved('2026-12-01T09:00:00.000Z')]);
  });

  it("answers another company's template, a deleted one and a published one as it must", () => {
    spec
      .given([saved()])
      .when(save({ companyId: 'c2' }))
      .thenThrows({ code: 'TEMPLATE.NOT_FOUND', kind: 'not_found' });
    spec.given([saved(), deleted]).when(save()).thenThrows('TEMPLATE.NOT_FOUND');
    spec.given([saved(), published]).when(save()).thenThrows('TEMPLATE.ALREADY_PUBLISHED');
  });

  it('publishes a draft once, to its distinct locations', () => {
    spec.given([saved()]).when(publish()).then([published]);
    spec
      .given([saved(), published])
      .when(publish({ publishId: 'p2' }))
      .thenThrows('TEMPLATE.ALREADY_PUBLISHED');
    spec
      .given([saved()])
      .when(publish({ locationIds: [] }))
      .thenThrows({ code: 'TEMPLATE.NO_LOCATIONS', kind: 'validation' });
    spec.given([]).when(publish()).thenThrows('TEMPLATE.NOT_FOUND');
  });

  it('a schedule that comes due after the template was cancelled, published or deleted does nothing', () => {
    const due = publish({ scheduled: true });
    spec
      .given([saved('2026-11-28T10:00:00.000Z')])
      .when(due)
      .then([{ ...published, data: { ...published.data, scheduled: true } }]);
    spec.given([saved()]).when(due).then([]);
    spec
      .given([saved('2026-11-28T10:00:00.000Z'), published])
      .when(due)
      .then([]);
    spec
      .given([saved('2026-11-28T10:00:00.000Z'), deleted])
      .when(due)
      .then([]);
    spec
      .given([saved('2026-11-28T10:00:00.000Z')])
      .when(publish({ scheduled: true, companyId: 'c2' }))
      .then([]);
  });

  it('cancels only a scheduled draft', () => {
    const cancel: TemplateCommand = { type: 'CancelSchedule', templateId: 't1', companyId: 'c1' };
    const cancelled: TemplateEvent = { type: 'PostTemplateScheduleCancelled', data: { templateId: 't1', companyId: 'c1' } };
    spec
      .given([saved('2026-12-01T09:00:00.000Z')])
      .when(cancel)
      .then([cancelled]);
    spec
      .given([saved('2026-12-01T09:00:00.000Z'), cancelled])
      .when(cancel)
      .thenThrows('TEMPLATE.NOT_SCHEDULED');
    spec
      .given([saved('2026-12-01T09:00:00.000Z'), cancelled])
      .when(publish({ scheduled: true }))
      .then([]);
  });

  it('deletes a draft, not a published template', () => {
    const remove: TemplateCommand = { type: 'DeleteTemplate', templateId: 't1', companyId: 'c1' };
    spec.given([saved()]).when(remove).then([deleted]);
    spec.given([saved(), deleted]).when(remove).thenThrows('TEMPLATE.NOT_FOUND');
    spec.given([saved(), published]).when(remove).thenThrows('TEMPLATE.ALREADY_PUBLISHED');
  });
});

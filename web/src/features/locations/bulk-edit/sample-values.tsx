import { Tag } from '@blueprintjs/core';
import type { SampleValue } from './bulk-edit-form';

/** Spec §9: thumbnails are 100px. */
const THUMBNAIL = 100;

/** A location's rendered bulk edit values (the Location Sample and the Selected Locations dialog): text, then thumbnails. */
export const SampleValues = ({ values, testId }: { values: readonly SampleValue[]; testId?: string }) => (
  <dl className="locus-bulk-sample-values" data-testid={testId}>
    {values.map((v) => (
      <div key={v.label}>
        <dt>{v.label}</dt>
        <dd>
          {v.value || (v.images?.length ? null : <Tag minimal>empty</Tag>)}
          {v.images?.length ? (
            <span className="locus-bulk-sample-images">
              {v.images.map((url, i) => (
                <img key={`${i}:${url}`} src={url} alt={`${v.label} ${i + 1}`} width={THUMBNAIL} />
              ))}
            </span>
          ) : null}
        </dd>
      </div>
    ))}
  </dl>
);

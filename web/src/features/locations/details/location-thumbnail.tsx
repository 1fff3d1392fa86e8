import { Icon } from '@blueprintjs/core';
import { useState } from 'react';

/** The location's picture; a map-marker tile when there is none or it fails to load. */
export const LocationThumbnail = ({ urls, title, size }: { urls: ReadonlyArray<string | null | undefined>; title: string; size: number }) => {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const url = urls.find((u): u is string => Boolean(u) && !failed.has(u as string));
  const style = { width: size, height: size };
  return url ? (
    <img className="locus-details-thumb" src={url} alt={title} style={style} onError={() => setFailed((f) => new Set([...f, url]))} />
  ) : (
    <span className="locus-details-thumb locus-details-thumb-empty" style={style} aria-label={title}>
      <Icon icon="shop" size={Math.round(size / 2.5)} />
    </span>
  );
};

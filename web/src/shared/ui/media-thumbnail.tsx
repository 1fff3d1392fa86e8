import { Icon } from '@blueprintjs/core';
import { useState } from 'react';

/**
 * An image thumbnail that stays a tidy box when its URL cannot be reached: a muted "Image
 * unavailable" tile of the same size instead of the browser's broken-image text, which spilled
 * over the buttons laid on the thumbnail.
 */
export function MediaThumbnail({ src, alt, size }: { src: string; alt: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src)
    return (
      <span className="locus-media-unavailable" role="img" aria-label={`${alt} (image unavailable)`} title={src} style={{ width: size, height: size }}>
        <Icon icon="media" size={20} />
        <span>Image unavailable</span>
      </span>
    );
  return <img src={src} alt={alt} width={size} height={size} onError={() => setFailed(src)} />;
}

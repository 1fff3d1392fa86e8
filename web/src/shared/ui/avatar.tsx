import { useState } from 'react';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('') || '?';

/** Profile picture, or the initials when there is none or it fails to load. */
export const Avatar = ({ name, url, size }: { name: string; url: string | null | undefined; size: number }) => {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  return url && !failed ? (
    <img className="locus-avatar" src={url} alt={name} style={style} onError={() => setFailed(true)} />
  ) : (
    <span className="locus-avatar locus-avatar-initials" style={style} role="img" aria-label={name}>
      {initials(name)}
    </span>
  );
};

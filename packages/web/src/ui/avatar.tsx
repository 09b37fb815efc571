import { useState, type CSSProperties } from 'react';
import { getInitials, hueFor } from './initials';

export interface AvatarProps {
  name: string;
  /** Picks the background colour of the initials. */
  colorId: number;
  /** Image URL, or null for initials. */
  src: string | null;
  size?: number;
  /** `true`/`false` draws a presence dot; `undefined` draws none. */
  online?: boolean;
  className?: string;
}

export function Avatar({ name, colorId, src, size = 36, online, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;
  const style = {
    width: size,
    height: size,
    fontSize: Math.max(10, Math.round(size * 0.38)),
    '--avatar-hue': hueFor(colorId),
  };
  return (
    <span
      className={['avatar', className].filter(Boolean).join(' ')}
      style={style as CSSProperties}
      aria-hidden="true"
    >
      {showImage ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailedSrc(src)} />
      ) : (
        <span className="avatar__initials">{getInitials(name)}</span>
      )}
      {online === undefined ? null : (
        <span className={`presence-dot ${online ? 'presence-dot--online' : ''}`} />
      )}
    </span>
  );
}

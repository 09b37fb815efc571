import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

const svg = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.9,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
});

export const BellOffIcon = ({ size = 20, ...rest }: IconProps) => (
  <svg {...svg(size)} {...rest}>
    <path d="M8.7 3.9A6 6 0 0 1 18 9c0 3 .6 5 1.3 6.3M17 17H4s2-1.5 2-8c0-.6.1-1.2.3-1.8" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0M3 3l18 18" />
  </svg>
);

export const PinIcon = ({ size = 20, ...rest }: IconProps) => (
  <svg {...svg(size)} {...rest}>
    <path d="M12 17v5M9 3h6l-1 6 4 4H6l4-4-1-6Z" />
  </svg>
);

export const SlidersIcon = ({ size = 20, ...rest }: IconProps) => (
  <svg {...svg(size)} {...rest}>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </svg>
);

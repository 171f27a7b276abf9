import type { SVGProps } from 'react';

// The base of the stroke icons (Tabler-style paths, drawn inline: no icon font, no network), and the one
// icon of the first load; the others live in icons.tsx so the lazily loaded screens carry them.
export type P = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 18, children, ...rest }: P & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const IconLanguage = (p: P) => (
  <Icon {...p}>
    <path d="M4 5h7M9 3v2c0 4.4-2.2 8-5 8M5 9c0 2.1 2.9 3.9 6.6 4M12 20l4-9 4 9M19.1 18h-6.2" />
  </Icon>
);

import type { SVGProps } from 'react';

/** A tablet and a phone (the Devices screen in the sidebar). */
export function IconDevices(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <rect x="3" y="4" width="12" height="16" rx="2" />
      <rect x="17" y="9" width="5" height="11" rx="1" />
      <path d="M8 17h2" />
    </svg>
  );
}

import type {ReactNode} from 'react';

/** Small line icons drawn in the current text colour; decorative, so hidden from assistive technology. */
type IconProps = {className?: string};

export function PhoneIcon({className}: IconProps): ReactNode {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="13" y="4" width="22" height="40" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M18 14h12M18 20h12M18 26h8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="24" cy="38" r="1.8" fill="currentColor" />
    </svg>
  );
}

export function ServerIcon({className}: IconProps): ReactNode {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="6" y="8" width="36" height="12" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <rect x="6" y="28" width="36" height="12" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="13" cy="14" r="1.8" fill="currentColor" />
      <circle cx="13" cy="34" r="1.8" fill="currentColor" />
      <path d="M24 20v8" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

export function TerminalIcon({className}: IconProps): ReactNode {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="4" y="8" width="40" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path
        d="M12 18l6 6-6 6M22 30h12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The ensemble at a glance: a phone syncing with the server, which keeps data in a database and on disk. */
export function EnsembleDiagram({className}: IconProps): ReactNode {
  return (
    <svg className={className} viewBox="0 0 420 120" role="img" aria-labelledby="ensemble-diagram-title">
      <title id="ensemble-diagram-title">
        Formulus on a phone syncs with the Synkronus server, which keeps data in PostgreSQL and on disk; administrators
        use synk.
      </title>
      <g fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <rect x="20" y="18" width="46" height="84" rx="7" />
        <path d="M32 38h22M32 48h22M32 58h14" />
        <path d="M84 54h76M150 46l10 8-10 8M94 46l-10 8 10 8" />
        <rect x="176" y="30" width="78" height="26" rx="4" />
        <rect x="176" y="64" width="78" height="26" rx="4" />
        <path d="M270 60h40M300 52l10 8-10 8" />
        <ellipse cx="352" cy="34" rx="34" ry="9" />
        <path d="M318 34v52c0 5 15 9 34 9s34-4 34-9V34" />
        <path d="M318 60c0 5 15 9 34 9s34-4 34-9" />
      </g>
      <g fill="currentColor">
        <circle cx="187" cy="43" r="2.5" />
        <circle cx="187" cy="77" r="2.5" />
        <circle cx="43" cy="90" r="2.5" />
      </g>
    </svg>
  );
}

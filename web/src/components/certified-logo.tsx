import { cn } from '@/lib/utils'

// The seal's 16 points, worked out once: a scalloped rosette around (16, 16).
const sealPoints = Array.from({ length: 32 }, (_, i) => {
  const r = i % 2 === 0 ? 15 : 12.6
  const a = (Math.PI * i) / 16 - Math.PI / 2
  return `${(16 + r * Math.cos(a)).toFixed(2)},${(16 + r * Math.sin(a)).toFixed(2)}`
}).join(' ')

type Props = {
  // The make named under the wordmark ('USED TOYOTA'); without one it reads 'PRE-OWNED'.
  make?: string
  className?: string
}

// CertifiedLogo is our own certified seal and wordmark, drawn inline so it
// needs no asset (docs/behaviour/states.md: 'Certified used Toyota shows a certified
// logo'; the configured luxury make's certified badge uses it too).
export function CertifiedLogo({ make, className }: Props) {
  const caption = make ? `USED ${make.toUpperCase()}` : 'PRE-OWNED'
  return (
    <svg
      role="img"
      aria-label={make ? `Certified used ${make}` : 'Certified pre-owned'}
      viewBox="0 0 132 32"
      className={cn('h-7 w-auto drop-shadow-sm', className)}
      data-testid="certified-logo"
    >
      <rect x="0.5" y="0.5" width="131" height="31" rx="6" className="fill-white stroke-success" />
      <polygon points={sealPoints} className="fill-success" />
      <circle cx="16" cy="16" r="9.5" fill="none" stroke="#ffffff" strokeWidth="1.2" />
      <path d="M11.5 16.3l3.1 3.1 6-6.4" fill="none" stroke="#ffffff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      <text x="35" y="15" fontSize="12.5" fontWeight="800" letterSpacing="1.2" className="fill-success" fontFamily="inherit">
        CERTIFIED
      </text>
      {/* A long make is squeezed to fit rather than run off the seal. */}
      <text x="35" y="26" fontSize="7.5" fontWeight="600" textLength={caption.length > 16 ? 90 : undefined} lengthAdjust="spacingAndGlyphs" fill="#374151" fontFamily="inherit">
        {caption}
      </text>
    </svg>
  )
}

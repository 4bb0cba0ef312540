/** Sprout's mark: two leaves on a stem. Decorative; the text next to it names the app. */
export function SproutLogo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="32" cy="32" r="30" fill="#dcfce7" />
      <path d="M32 54V30" stroke="#15803d" strokeWidth="5" strokeLinecap="round" />
      <path d="M32 34c0-10-8-16-18-15 0 10 8 16 18 15z" fill="#16a34a" />
      <path d="M32 30c0-10 8-17 19-16 0 11-8 17-19 16z" fill="#22c55e" />
    </svg>
  );
}

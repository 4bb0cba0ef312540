export function FullScreenLoader({ label = 'Loading your dashboard...' }: { label?: string }) {
  return (
    <div className="full-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

export function TianguisLogo({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#ea580c" />
      <path d="M12 26 32 12l20 14v4H12z" fill="#fff" />
      <rect x="16" y="32" width="32" height="20" rx="3" fill="#fde68a" />
      <path
        d="M16 32h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0zm8 0h8v6a4 4 0 0 1-8 0z"
        fill="#fff"
        stroke="#ea580c"
        strokeWidth="1.5"
      />
    </svg>
  );
}

export function Wordmark() {
  return (
    <a href="/" className="flex items-center gap-2 text-xl font-black tracking-tight text-ink">
      <TianguisLogo />
      <span>Tianguis</span>
    </a>
  );
}

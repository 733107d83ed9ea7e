/**
 * Small line icons drawn inline, in the text's colour. The interface used emoji for these, and a
 * phone or PC without an emoji font draws an emoji as an empty box; an SVG draws the same
 * everywhere. Each is decorative (`aria-hidden`): the words beside it say what it means.
 */
type IconProps = { className?: string };

function Icon({ className = "h-5 w-5", children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3a5 5 0 0 0-5 5v4l-2 3.5h14L17 12V8a5 5 0 0 0-5-5z" />
      <path d="M10 19a2 2 0 0 0 4 0" />
    </Icon>
  );
}

/** The bell struck through: the alarm makes no sound. */
export function BellOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8.2 4.6A5 5 0 0 1 17 8v4l2 3.5h-4M7 9v3l-2 3.5h7" />
      <path d="M10 19a2 2 0 0 0 4 0" />
      <path d="M3 3l18 18" />
    </Icon>
  );
}

export function ShoppingBagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 8h14l-1 12H6z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </Icon>
  );
}

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.2a4.2 4.2 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
    </Icon>
  );
}

export function SparklesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 3l1.9 5.1L17 10l-5.1 1.9L10 17l-1.9-5.1L3 10l5.1-1.9z" />
      <path d="M18 14l.8 2.2 2.2.8-2.2.8L18 20l-.8-2.2-2.2-.8 2.2-.8z" />
    </Icon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5h16v11H10l-5 4v-4H4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </Icon>
  );
}

/** A scooter: home delivery. */
export function ScooterIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="6" cy="17" r="2.5" />
      <circle cx="18" cy="17" r="2.5" />
      <path d="M8.5 17h6.5l2-6h-3" />
      <path d="M14 5h2.5l2 6.5" />
      <path d="M3 12.5h7" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7" />
    </Icon>
  );
}

/** A party popper and its confetti: something to celebrate. */
export function CelebrationIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20l4.5-11.5 7 7z" />
      <path d="M7 15.5l1.5 1.5" />
      <path d="M14 3v2.5M19.5 5.5 17.5 7.5M21 11h-2.5M11.5 6.5l1 1M16.5 12.5l1 1" />
    </Icon>
  );
}

/** A chevron that points right, and down once its `<details>` is open. */
export function DisclosureChevron({ className = "h-4 w-4" }: IconProps) {
  return (
    <Icon className={`transition-transform group-open:rotate-90 ${className}`}>
      <path d="M9 6l6 6-6 6" />
    </Icon>
  );
}

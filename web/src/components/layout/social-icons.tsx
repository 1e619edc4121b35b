/** Generic marks for the footer's three social links (PRODUCT.md §1: microblog, video, social network). */
export function MicroblogIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-7l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 5v2h10V9H7zm0 3v2h6v-2H7z" />
    </svg>
  );
}

export function VideoIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm7 4v6l5-3-5-3z" />
    </svg>
  );
}

export function SocialNetworkIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M8 11a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7zm8.5 0a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM2 19c0-3.3 2.7-6 6-6s6 2.7 6 6v1H2v-1zm13.5 1v-1c0-1.9-.7-3.6-1.9-4.9a5 5 0 0 1 8.4 3.6V20h-6.5z" />
    </svg>
  );
}

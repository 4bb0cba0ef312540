/** The child-safety line: a grown-up can see the chats, and the AI can make mistakes. */
export const SAFETY_NOTICE =
  'A grown-up in your family can see your chats. Sprout is a computer helper and can make mistakes, so if something seems wrong or strange, ask a grown-up.';

export function noticeKey(uid: string): string {
  return `sprout.safetyNoticeSeen.${uid}`;
}

export function hasSeenNotice(uid: string): boolean {
  try {
    return window.localStorage.getItem(noticeKey(uid)) === 'yes';
  } catch {
    return false;
  }
}

export function markNoticeSeen(uid: string): void {
  try {
    window.localStorage.setItem(noticeKey(uid), 'yes');
  } catch (error) {
    console.error('Could not remember that the safety note was read', error);
  }
}

export function SafetyBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <aside className="safety-banner" aria-label="Good to know">
      <span className="safety-banner__icon" aria-hidden="true">
        🛡️
      </span>
      <p className="safety-banner__text">{SAFETY_NOTICE}</p>
      <button type="button" className="button button--primary" onClick={onDismiss}>
        Got it!
      </button>
    </aside>
  );
}

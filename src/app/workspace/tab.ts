/**
 * Which browser tab this page is, so that each tab keeps its own workspace: an id kept in the
 * tab's sessionStorage (it survives a reload of the tab, and no other tab sees it) and held as a
 * Web Lock for the page's life, so that another page can tell which tabs are open. A duplicated
 * tab inherits its original's sessionStorage, and so its id: the lock is then taken, and the
 * duplicate takes an id of its own, starting from the original's workspace.
 */
const SESSION_KEY = 'explorer-tab';
const LOCK_PREFIX = 'explorer-tab:';

export interface Tab {
  id: string;
  /** The id whose workspace this page starts from: its own before a reload, a duplicate's original. */
  from: string | null;
}

let current: Tab | null = null;

/** This page's tab, claimed once (its lock held until the page closes). */
export async function claimTab(): Promise<Tab> {
  if (current) return current;
  const previous = readSession();
  if (previous !== null && (await hold(previous))) current = { id: previous, from: previous };
  else current = { id: await freshId(), from: previous };
  return current;
}

/**
 * A new id for this tab, so that its saves go elsewhere (its saved copy could not be read and is
 * kept aside, untouched).
 */
export async function renewTab(): Promise<Tab> {
  const from = current?.from ?? null;
  current = { id: await freshId(), from };
  return current;
}

/** The ids of the tabs open now (their locks are held); null where Web Locks are missing. */
export async function openTabs(): Promise<Set<string> | null> {
  if (!navigator.locks) return null;
  try {
    const state = await navigator.locks.query();
    return new Set(
      (state.held ?? [])
        .map((lock) => lock.name ?? '')
        .filter((name) => name.startsWith(LOCK_PREFIX))
        .map((name) => name.slice(LOCK_PREFIX.length)),
    );
  } catch {
    return null;
  }
}

async function freshId(): Promise<string> {
  for (;;) {
    const id = crypto.randomUUID();
    if (await hold(id)) {
      writeSession(id);
      return id;
    }
  }
}

/** Takes the id's lock for the page's life; false when another page holds it. */
function hold(id: string): Promise<boolean> {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks
      .request(`${LOCK_PREFIX}${id}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Held until the page goes away.
        return lock === null ? undefined : new Promise<void>(() => {});
      })
      .catch(() => resolve(true));
  });
}

function readSession(): string | null {
  try {
    return sessionStorage.getItem(SESSION_KEY);
  } catch {
    return null; // storage disabled: every load is a fresh tab
  }
}

function writeSession(id: string): void {
  try {
    sessionStorage.setItem(SESSION_KEY, id);
  } catch {
    // storage disabled: this tab's workspace is still saved for "the most recent"
  }
}

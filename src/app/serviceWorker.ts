/**
 * The page's side of the service worker (src/sw/sw.js): it registers it, and tells an open tab
 * when a new version of the explorer has been installed while the tab runs an older one — the
 * tab keeps working (the worker still serves the files of the version before), and the person
 * reloads when it suits them (components/UpdateReady.tsx). Never reloaded for them: a reload
 * would lose what the tab is computing.
 */
let ready = false;
const listeners = new Set<() => void>();

/** Whether a new version is ready (a reload would use it). */
export function newVersionReady(): boolean {
  return ready;
}

/** Calls `listener` when a new version becomes ready; returns the unsubscribe. */
export function onNewVersion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(): void {
  if (ready) return;
  ready = true;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker at `url`. A new version is ready when a worker installs while
 * an older one controls this page (`updatefound`, then installed), or when control passes from
 * one worker to another (`controllerchange` with a controller before): not on a first visit,
 * where the first worker takes control of a page no worker served.
 */
export function registerServiceWorker(url: string): void {
  const container = navigator.serviceWorker;
  let controller = container.controller;
  container.addEventListener('controllerchange', () => {
    if (controller) announce();
    controller = container.controller;
  });
  container.register(url).then(
    (registration) => {
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        if (!installing || !container.controller) return;
        installing.addEventListener('statechange', () => {
          if (installing.state === 'installed' || installing.state === 'activated') announce();
        });
      });
    },
    () => {},
  );
}

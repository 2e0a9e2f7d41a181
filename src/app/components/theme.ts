import { useMemo, useSyncExternalStore } from 'react';
import { liftedOn } from '../model/colors.ts';

/** What the person chose in the top bar; "system" follows the browser's prefers-color-scheme. */
export type ThemeChoice = 'light' | 'dark' | 'system';
/** The theme the page shows: `data-theme` on <html>, which styles.css reads. */
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

const STORAGE_KEY = 'coupled-explorer:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function isChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The remembered choice; "system" when none was made (or storage is unavailable). */
function storedChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

let choice: ThemeChoice = 'system';
let theme: Theme = 'light';
const listeners = new Set<() => void>();
let snapshot: { choice: ThemeChoice; theme: Theme } = { choice, theme };

function apply(): void {
  theme = choice === 'system' ? systemTheme() : choice;
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.themeChoice = choice;
  if (snapshot.choice !== choice || snapshot.theme !== theme) {
    snapshot = { choice, theme };
    for (const listener of listeners) listener();
  }
}

/**
 * Sets `data-theme` on <html> from the remembered choice and follows the system's scheme while
 * the choice is "system". Called once, before the first render (main.tsx).
 */
export function startTheme(): void {
  choice = storedChoice();
  apply();
  window.matchMedia?.(DARK_QUERY).addEventListener('change', () => {
    if (choice === 'system') apply();
  });
  // Another tab changed the choice.
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) {
      choice = isChoice(e.newValue) ? e.newValue : 'system';
      apply();
    }
  });
}

/** Chooses a theme and remembers it in this browser. */
export function chooseTheme(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
  apply();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice and the theme shown; re-renders when either changes. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/**
 * A colour of the current theme, by its custom property (`--plot-bg`), for code that draws UI
 * chrome on a canvas or needs a colour as a value. `fallback` when the property is not set.
 */
export function themeColor(name: `--${string}`, fallback: string, from?: Element): string {
  const value = getComputedStyle(from ?? document.documentElement)
    .getPropertyValue(name)
    .trim();
  return value || fallback;
}

/**
 * Runs `draw` with the page in the light theme, then puts the shown theme back, without
 * re-rendering anything: for code that reads the page's computed colours into a file (an export
 * on a white background) while the dark theme is shown. `draw` must be synchronous.
 */
export function withLightTheme<T>(draw: () => T): T {
  const root = document.documentElement;
  const shown = root.dataset.theme;
  if (shown === undefined || shown === 'light') return draw();
  root.dataset.theme = 'light';
  try {
    return draw();
  } finally {
    root.dataset.theme = shown;
  }
}

/**
 * How a colour drawn on the plot surface shows in the dark theme (liftedOn the dark --plot-bg),
 * or null in the light theme: for legends, which set it as `--*-dark` beside the colour itself
 * so the stylesheet picks by theme and an export (drawn from the light theme, withLightTheme)
 * keeps the colour itself.
 */
export function useDarkLift(): ((color: string) => string) | null {
  const { theme } = useTheme();
  return useMemo(() => {
    if (theme !== 'dark') return null;
    const background = themeColor('--plot-bg', '#ffffff');
    return (color: string) => liftedOn(color, background);
  }, [theme]);
}

import type { Call } from '../../core/platform/spec.ts';
import type { ViewId } from './viewIds.ts';

/** One entry of the add-panel menu; `id` is "view" or "view:method" (e.g. "projection:cde"). */
export interface PanelChoice {
  id: string;
  label: string;
  /** What it shows, and the paper it comes from by author and year (empty for data views). */
  detail: string;
  cite: string;
  view: ViewId;
  call: Call | null;
}

export interface PanelGroup {
  /** What the views of the group show. */
  group: string;
  choices: PanelChoice[];
}

/** A name with its particles (“van der Maaten”): capitalised, not an acronym such as ICDM. */
const NAME = String.raw`(?:(?:van|der|de|von|da|di|le|la) )*[A-Z][\p{Ll}'-]+`;
const YEAR = String.raw`(?:19|20)\d{2}`;

/**
 * A spec's paper by author and year (“Wang et al. 2015”): for a paper cited by its authors
 * (“Liu, Ting, Zhou, “Isolation forest”, ICDM 2008”), the first author and the first year; else
 * the first “X et al. YEAR” or “X & Y YEAR” in it; else the first “Name YEAR”; else its first
 * words.
 */
export function shortCitation(paper: string): string {
  const listed = new RegExp(String.raw`^((?:${NAME}, )+)`, 'u').exec(paper);
  const year = new RegExp(YEAR).exec(paper)?.[0];
  if (listed?.[1] && year) {
    const authors = listed[1].split(', ').filter(Boolean);
    return `${authors[0]}${authors.length > 1 ? ' et al.' : ''} ${year}`;
  }
  const named = new RegExp(String.raw`(${NAME} (?:et al\.|& ${NAME}) ${YEAR})`, 'u').exec(paper);
  if (named?.[1]) return named[1];
  const single = new RegExp(String.raw`(${NAME},? ${YEAR})`, 'u').exec(paper);
  return single?.[1] ?? paper.split(/[,;(]/)[0]?.trim() ?? '';
}

/**
 * The menu's entries whose words all occur in their label, detail, citation or group (any case),
 * those whose label holds more of the words first (in groups ordered by their best entry), so
 * that Enter takes “Value clusters — CDE” for “value clusters cde”, not an entry that merely
 * mentions value clusters in its detail. Ties keep the menu's order.
 */
export function matchingChoices(groups: readonly PanelGroup[], query: string): PanelGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  const phrase = words.join(' ');
  const inLabel = (c: PanelChoice): number => {
    const label = c.label.toLowerCase();
    return words.filter((w) => label.includes(w)).length + (label.includes(phrase) ? 1 : 0);
  };
  const byLabel =
    <T>(score: (x: T) => number) =>
    (x: T, y: T) =>
      score(y) - score(x);
  const matched = groups
    .map((g) => ({
      group: g.group,
      choices: g.choices
        .filter((c) => {
          const text = `${c.label} ${c.detail} ${c.cite} ${g.group} ${c.id}`.toLowerCase();
          return words.every((w) => text.includes(w));
        })
        .sort(byLabel(inLabel)),
    }))
    .filter((g) => g.choices.length > 0);
  return matched.sort(byLabel((g) => Math.max(...g.choices.map(inLabel))));
}

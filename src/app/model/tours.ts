import { CAS_TOUR } from './tours/cas.ts';
import { CDE_TOUR } from './tours/cde.ts';
import { CURE_TOUR } from './tours/cure.ts';
import { DILCA_TOUR } from './tours/dilca.ts';
import { UNTIE_TOUR } from './tours/untie.ts';
import type { Tour } from './tours/types.ts';

export type {
  PaperNumber,
  Reading,
  Tour,
  TourHighlight,
  TourPanel,
  TourStep,
} from './tours/types.ts';
export { agrees } from './tours/types.ts';

/** The five guided tours, one per paper (seeds 000-004), each stepping through its computation. */
export const TOURS: readonly Tour[] = [CURE_TOUR, CAS_TOUR, DILCA_TOUR, CDE_TOUR, UNTIE_TOUR];

export function tourById(id: string): Tour | undefined {
  return TOURS.find((t) => t.id === id);
}

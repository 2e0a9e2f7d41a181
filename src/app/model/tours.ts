import { CAS_TOUR } from './tours/casTour.ts';
import { CDE_TOUR } from './tours/cdeTour.ts';
import { CURE_TOUR } from './tours/cureTour.ts';
import { DILCA_TOUR } from './tours/dilcaTour.ts';
import { UNTIE_TOUR } from './tours/untieTour.ts';
import type { Tour } from './tours/tourTypes.ts';

export type {
  PaperNumber,
  Reading,
  Tour,
  TourHighlight,
  TourPanel,
  TourStep,
} from './tours/tourTypes.ts';
export { agrees } from './tours/tourTypes.ts';

/** The five guided tours, one per paper (seeds 000-004), each stepping through its computation. */
export const TOURS: readonly Tour[] = [CURE_TOUR, CAS_TOUR, DILCA_TOUR, CDE_TOUR, UNTIE_TOUR];

export function tourById(id: string): Tour | undefined {
  return TOURS.find((t) => t.id === id);
}

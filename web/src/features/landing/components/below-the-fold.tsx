import { ContactSection } from './contact-section.tsx';
import { PartnersSection } from './partners-section.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { StatsStrip } from './stats-strip.tsx';
import { useIdleSteps } from '@/lib/use-idle.ts';

const SECTIONS = [StatsStrip, PartnersSection, ReviewsSection, ContactSection];

/**
 * The landing page below its first screen, its own chunk (fetched once the page is idle): the
 * statistics, partners, reviews and contact sections, mounted one per idle moment. Mounted
 * together they were one 130–430 ms task (CPU 4× slower) of React's commit and then of layout.
 */
export default function BelowTheFold() {
  const shown = useIdleSteps(SECTIONS.length, 1000);
  // A fixed list that only grows: each section's place is its key.
  return SECTIONS.slice(0, shown).map((Section, place) => <Section key={place} />);
}

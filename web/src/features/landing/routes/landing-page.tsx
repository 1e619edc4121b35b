import { useTitle } from '@/hooks/use-title.ts';
import { useIdle } from '@/lib/use-idle.ts';
import { ContactSection } from '../components/contact-section.tsx';
import { Hero } from '../components/hero.tsx';
import { PartnersSection } from '../components/partners-section.tsx';
import { PartsSection } from '../components/parts-section.tsx';
import { ReviewsSection } from '../components/reviews-section.tsx';
import { StatsStrip } from '../components/stats-strip.tsx';

export default function LandingPage() {
  useTitle();
  // The first paint holds what the first screen shows; the sections below it render once the
  // browser is idle, so the first render's long tasks are shorter (Lighthouse's blocking time).
  const below = useIdle(1000);
  return (
    <>
      <Hero />
      <PartsSection />
      {below ? (
        <>
          <StatsStrip />
          <PartnersSection />
          <ReviewsSection />
          <ContactSection />
        </>
      ) : null}
    </>
  );
}

import { useTitle } from '@/hooks/use-title.ts';
import { ContactSection } from '../components/contact-section.tsx';
import { Hero } from '../components/hero.tsx';
import { PartnersSection } from '../components/partners-section.tsx';
import { PartsSection } from '../components/parts-section.tsx';
import { ReviewsSection } from '../components/reviews-section.tsx';
import { StatsStrip } from '../components/stats-strip.tsx';

export default function LandingPage() {
  useTitle();
  return (
    <>
      <Hero />
      <PartsSection />
      <StatsStrip />
      <PartnersSection />
      <ReviewsSection />
      <ContactSection />
    </>
  );
}

import { lazy } from 'react';
import { WhenIdle } from '@/components/ui/when-idle.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { loadChunk } from '@/lib/lazy-route.ts';
import { useLaterTask } from '@/lib/use-slices.ts';
import { Hero } from '../components/hero.tsx';
import { PartsSection } from '../components/parts-section.tsx';

const BelowTheFold = lazy(() => loadChunk('landing-sections', () => import('../components/below-the-fold.tsx')));

export default function LandingPage() {
  useTitle();
  // The parts (below the first screen) render in the task after the hero's.
  const partsTask = useLaterTask();
  return (
    <>
      <Hero />
      {partsTask ? <PartsSection /> : null}
      {/* Below the first screen: fetched and rendered once the browser is idle. */}
      <WhenIdle>
        <BelowTheFold />
      </WhenIdle>
    </>
  );
}

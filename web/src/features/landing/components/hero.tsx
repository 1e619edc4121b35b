import { Link } from 'react-router';
import { HERO_IMAGE } from '../prefetch.ts';
import { HeroVehicle } from './hero-vehicle.tsx';

/** Hero banner and intro (PRODUCT.md §1). The picture leaves its left side free for the words. */
export function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-neutral text-neutral-content" aria-labelledby="hero-title">
      <img
        src={HERO_IMAGE}
        alt=""
        width={1200}
        height={600}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover object-[70%_center] md:object-right"
      />
      {/* Keeps the words readable where the picture runs behind them (small screens). */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-r from-neutral/95 via-neutral/80 to-neutral/40 md:from-neutral/60 md:via-transparent md:to-transparent"
      />
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-center gap-6 px-4 py-16 md:min-h-[32rem]">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Car parts manufacturer</p>
        <h1 id="hero-title" className="max-w-xl text-4xl font-extrabold leading-tight text-white sm:text-5xl">
          Parts that keep every engine turning
        </h1>
        <p className="max-w-lg text-lg text-slate-200">
          Torque Parts designs and machines brakes, filters, drivetrain and engine components for workshops and fleets.
          Order in bulk at factory prices, pay securely by card and follow every order from the line to your door.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/parts" className="btn btn-primary">
            Browse parts
          </Link>
          <a href="#contact" className="btn btn-outline border-slate-300 text-white hover:bg-white hover:text-neutral">
            Contact us
          </a>
        </div>
        <HeroVehicle />
      </div>
    </section>
  );
}

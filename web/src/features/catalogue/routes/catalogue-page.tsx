import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';
import { CatalogueControls } from '../components/catalogue-controls.tsx';
import { CatalogueResults } from '../components/catalogue-results.tsx';
import { readParams, writeParams, type CatalogueParams } from '../utils/catalogue-params.ts';

/** `/parts` (issue 14): the whole catalogue, searched, filtered and sorted, a page at a time. */
export default function CataloguePage() {
  useTitle('Parts');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const searchRef = useRef<HTMLInputElement>(null);

  // Every change is a history entry: back and forward step through the searches.
  const change = (next: Partial<CatalogueParams>) => {
    setSearchParams(writeParams({ ...params, ...next }));
  };
  const clear = () => {
    change({ q: '', inStock: false });
    searchRef.current?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Parts catalogue</h1>
        <p className="mt-2 text-base-content/80">
          Search every part we make, keep to what is in stock, and sort by name, price or date.
        </p>
      </header>
      <div className="mb-6">
        <CatalogueControls params={params} onChange={change} searchRef={searchRef} />
      </div>
      <CatalogueResults params={params} onClear={clear} />
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTitle } from '@/hooks/use-title.ts';

interface PageHeaderProps {
  /** The screen's name: the tab title, and the heading unless `heading` says otherwise. */
  title: string;
  heading?: ReactNode;
  children?: ReactNode;
}

/** A dashboard screen's heading and, under it, a line such as its count. */
export function PageHeader({ title, heading, children }: PageHeaderProps) {
  useTitle(title);
  return (
    <header className="flex flex-col gap-1">
      <h2 className="text-xl font-semibold">{heading ?? title}</h2>
      {children}
    </header>
  );
}

/** PRODUCT.md §2's count headings: "Users: 4", "All orders: 12". */
export function CountHeading({ children }: { children: ReactNode }) {
  return <h3 className="text-base font-medium text-base-content/80">{children}</h3>;
}

/**
 * Asks for a picture at high priority before anything renders it: a page's largest paint (the
 * landing page's hero, a part's photo on its purchase page), requested as soon as its address is
 * known instead of when the page's render reaches the <img>.
 */
export function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

import { useEffect } from 'react';

export const SITE_NAME = 'Torque Parts';
export const HOME_TITLE = 'Torque Parts · Car parts built to last';

/** The page `<title>`: "Blogs · Torque Parts"; the home page passes nothing. */
export function useTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : HOME_TITLE;
  }, [title]);
}

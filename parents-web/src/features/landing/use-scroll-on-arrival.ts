import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Client-side navigation keeps the previous page's scroll position: a public page opens at its top,
 * or at the section named in the address (e.g. /#support from another page's footer).
 */
export function useScrollOnArrival() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView?.({ block: 'start' });
    } else {
      (document.scrollingElement ?? document.documentElement).scrollTop = 0;
    }
  }, [pathname, hash]);
}

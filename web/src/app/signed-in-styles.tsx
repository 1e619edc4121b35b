import { Outlet } from 'react-router';
import '@/styles/signed-in-sheet.ts';

/**
 * The layout route around every signed-in page: its chunk carries styles/signed-in.css, which
 * the browser has loaded before any of those pages renders (Vite waits for a chunk's CSS).
 */
export default function SignedInStyles() {
  return <Outlet />;
}

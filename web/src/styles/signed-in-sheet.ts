/*
 * styles/signed-in.css as a chunk of its own: the signed-in area's layout route imports it
 * (app/signed-in-styles.tsx), and the cart asks for it only when it has lines to show
 * (lib/signed-in-sheet.ts), so one stylesheet file serves both.
 */
import './signed-in.css';

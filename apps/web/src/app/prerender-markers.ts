import { LANGUAGE_STORAGE_KEY } from '../i18n/index.ts';
import { SESSION_STORAGE_KEY } from '../lib/session.ts';

/** On `#root` when the HTML already holds the landing page, rendered at build time. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const SESSION_CLASS = 'has-session';

/**
 * A blocking script for the landing page's <head> (external: the CSP allows no inline script).
 * A visitor with a session is shown the app, never a flash of the pre-rendered landing page; nor
 * is a visitor reading in French (remembered choice, else the browser's language; ADR 0360), who
 * gets the page rendered in French instead of the English HTML.
 */
export const BOOT_SCRIPT = `try{var l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})||navigator.language||'';if(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||/^fr/i.test(l))document.documentElement.classList.add(${JSON.stringify(SESSION_CLASS)})}catch(e){}\n`;

/** Inline styles are allowed by the CSP; this one hides the pre-rendered page until main.tsx drops it. */
export const BOOT_STYLE = `html.${SESSION_CLASS} #root[${PRERENDERED_ATTRIBUTE}]{display:none}`;

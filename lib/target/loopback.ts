/** Load goes only to explicitly allowed targets: the harness is pointed at real systems. */
import type { Target } from './target.ts';

export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why load may not be sent to this target, or null when it may. */
export function loadRefusal(target: Target): string | null {
  if (isLoopbackUrl(target.baseUrl) || target.load.allowed) return null;
  return `target ${target.name} (${new URL(target.baseUrl).host}) is not loopback and its target file does not set load.allowed: true; set it only for a system you are allowed to load`;
}

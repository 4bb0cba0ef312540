/**
 * Usage analytics (spec §1, §7): 'login', 'sign_up' and 'page_view'. Events go to the page's
 * dataLayer (read by whatever tag manager the operator installs) and to Google Analytics for
 * Firebase when the client config names a measurement id. Analytics never breaks the app.
 */
import { getClientConfig } from './firebase';

export type AnalyticsEvent =
  | { name: 'login'; params: { method: 'email' | 'google' } }
  | { name: 'sign_up'; params: { method: 'email' | 'google' } }
  | { name: 'page_view'; params: { page_path: string; page_title?: string } };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let firebaseAnalytics: Promise<((event: AnalyticsEvent) => void) | null> | null = null;

function loadFirebaseAnalytics() {
  firebaseAnalytics ??= getClientConfig()
    .then(async (config) => {
      if (!config.firebase.measurementId || config.authEmulatorUrl) return null;
      const [{ getApp }, analytics] = await Promise.all([
        import('firebase/app'),
        import('firebase/analytics'),
      ]);
      if (!(await analytics.isSupported())) return null;
      const instance = analytics.getAnalytics(getApp());
      return (event: AnalyticsEvent) =>
        analytics.logEvent(instance, event.name as string, event.params);
    })
    .catch(() => null);
  return firebaseAnalytics;
}

export function logEvent(event: AnalyticsEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event: event.name, ...event.params });
  void loadFirebaseAnalytics().then((send) => {
    try {
      send?.(event);
    } catch (error) {
      console.warn('Analytics event was not sent', error);
    }
  });
}

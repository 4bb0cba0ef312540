import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { ClientConfigState } from './use-client-config';

const STORES = [
  { key: 'appStoreUrl', name: 'App Store', device: 'iPhone and iPad' },
  { key: 'playStoreUrl', name: 'Google Play', device: 'Android' },
] as const;

/** A QR code drawn in the browser from the store link, with the link itself for tapping. */
function StoreCode({ url, name, device }: { url: string; name: string; device: string }) {
  const [image, setImage] = useState<{ url: string; data: string } | null>(null);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(url, {
      margin: 1,
      width: 176,
      errorCorrectionLevel: 'M',
      color: { dark: '#14532d', light: '#ffffff' },
    }).then(
      (data) => {
        if (active) setImage({ url, data });
      },
      (error: unknown) => console.error('Could not draw the QR code', error),
    );
    return () => {
      active = false;
    };
  }, [url]);

  return (
    <li className="landing-store card">
      <div className="landing-store__code">
        {image?.url === url ? (
          <img src={image.data} width={176} height={176} alt={`QR code for Sprout on ${name}`} />
        ) : (
          <span className="landing-store__placeholder" aria-hidden="true" />
        )}
      </div>
      <p className="landing-store__device">{device}</p>
      <a className="button button--secondary" href={url} target="_blank" rel="noopener noreferrer">
        Get it on {name}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </li>
  );
}

/** "Sprout on your phone": store QR codes and the 50% promotion code, or an honest "coming soon". */
export function AppsSection({ config }: { config: ClientConfigState & { retry: () => void } }) {
  return (
    <section id="apps" className="landing-section landing-apps" aria-labelledby="apps-heading">
      <div className="landing-container">
        <h2 id="apps-heading" className="landing-section__title">
          Sprout on your phone
        </h2>
        <AppsBody config={config} />
      </div>
    </section>
  );
}

function AppsBody({ config }: { config: ClientConfigState & { retry: () => void } }) {
  if (config.status === 'loading') {
    return (
      <p className="landing-section__lead" role="status">
        Loading app links...
      </p>
    );
  }
  if (config.status === 'failed') {
    return (
      <div className="landing-apps__failed">
        <p className="landing-section__lead">
          We couldn&apos;t load the app links right now. Please check your connection and try again.
        </p>
        <button type="button" className="button button--secondary" onClick={config.retry}>
          Try again
        </button>
      </div>
    );
  }

  const stores = STORES.flatMap((store) => {
    const url = config.config[store.key];
    return url ? [{ ...store, url }] : [];
  });
  if (stores.length === 0) {
    return (
      <p className="landing-section__lead">
        The Sprout mobile apps are coming soon. Until then, Sprout works in the web browser of any
        phone, tablet or computer, with nothing to install.
      </p>
    );
  }

  const { promoCode } = config.config;
  return (
    <>
      <p className="landing-section__lead">
        Scan a code with your phone&apos;s camera to download the app, or tap the link on your
        phone.
      </p>
      <ul className="landing-stores">
        {stores.map((store) => (
          <StoreCode key={store.key} url={store.url} name={store.name} device={store.device} />
        ))}
      </ul>
      {promoCode && (
        <p className="landing-promo">
          <span className="landing-promo__tag">50% off</span>{' '}
          <span>
            Use promotion code <strong className="landing-promo__code">{promoCode}</strong> in the
            app for 50% off.
          </span>
        </p>
      )}
    </>
  );
}

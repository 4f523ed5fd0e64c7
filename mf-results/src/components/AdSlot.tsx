import { useId } from 'react';
import { useGatewayData } from '@cfs/remote-kit';
import { AD_LABEL, adUrl, readCreative } from '../rules/ads';
import type { AdType } from '../rules/slots';
import './slots.css';

/**
 * One ad slot of the grid: a group named 'Advertisement' whose box has the slot's fixed size at
 * each width (slots.css), so the page does not shift when the creative arrives, or when none does.
 * The creative (a house ad) is one link with its image; each image size is in the markup and the
 * region's width shows one (the others are not displayed, so not fetched).
 */
export function AdSlot({ ad, number }: { ad: AdType; number: number }) {
  const labelId = `res${useId()}`;
  const { data: creative } = useGatewayData(adUrl(ad, number), readCreative);
  return (
    <div className={`res-ad res-ad-${ad}`} role="group" aria-labelledby={labelId} tabIndex={-1} data-res-focus="">
      <p className="res-ad-label" id={labelId}>
        {AD_LABEL}
      </p>
      <div className="res-ad-box">
        {creative && (
          <a className="res-ad-link" href={creative.href}>
            {creative.images.map((img, i) => (
              <img
                key={img.src}
                className="res-ad-img"
                data-size={`${img.width}x${img.height}`}
                src={img.src}
                alt={i === 0 ? creative.alt : ''}
                width={img.width}
                height={img.height}
                loading="lazy"
                decoding="async"
              />
            ))}
          </a>
        )}
      </div>
    </div>
  );
}

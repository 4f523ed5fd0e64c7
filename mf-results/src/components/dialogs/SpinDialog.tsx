import { Button } from '@cfs/remote-kit';
import { useRef, useState } from 'react';
import { type PageListing } from '@cfs/contracts';
import { spinFrames, spinPosition, SPIN_DRAG_PX, turnSpin } from '../../rules/spin';
import { ACTION_TEXTS } from '../../rules/listing-actions';
import { Frame } from './Frame';

/**
 * The 360° viewer (search-results §3 fyuseId, the images360 flag): the listing's spin, turned with
 * the Previous and Next view buttons, or on the picture (a slider) with the arrow keys or a drag. Its frames are
 * the listing's photos, taken around the car in order (spinFrames); the viewer says which view of
 * how many shows.
 */
export function SpinDialog({ listing, onClose }: { listing: PageListing; onClose: () => void }) {
  const frames = spinFrames(listing);
  const [at, setAt] = useState(0);
  const nextRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<{ x: number; at: number } | null>(null);
  const turn = (by: number) => setAt((i) => turnSpin(i, by, frames.length));
  const frame = frames[at];
  return (
    <Frame heading={ACTION_TEXTS.spinHeading} listing={listing} onClose={onClose} initialFocus={nextRef}>
      {/* The picture is a slider (its value the view): arrow keys, Home and End, or a drag turn it. */}
      <div
        className="res-spin"
        role="slider"
        tabIndex={0}
        aria-label={ACTION_TEXTS.spinRole}
        aria-valuemin={1}
        aria-valuemax={Math.max(1, frames.length)}
        aria-valuenow={at + 1}
        aria-valuetext={spinPosition(at, frames.length)}
        onKeyDown={(e) => {
          const by = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
          if (by !== undefined) turn(by);
          else if (e.key === 'Home') setAt(0);
          else if (e.key === 'End') setAt(Math.max(0, frames.length - 1));
          else return;
          e.preventDefault();
        }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, at };
          e.currentTarget.setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (!drag.current) return;
          const steps = Math.trunc((e.clientX - drag.current.x) / SPIN_DRAG_PX);
          setAt(turnSpin(drag.current.at, steps, frames.length));
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
        {frame && <img className="res-spin-frame" src={frame.src} alt={frame.alt} width={600} height={340} draggable={false} />}
      </div>
      <p className="res-spin-position" aria-live="polite">
        {spinPosition(at, frames.length)}
      </p>
      <div className="res-dialog-buttons">
        <Button onClick={() => turn(-1)} disabled={frames.length < 2}>
          {ACTION_TEXTS.spinPrevious}
        </Button>
        <Button ref={nextRef} onClick={() => turn(1)} disabled={frames.length < 2}>
          {ACTION_TEXTS.spinNext}
        </Button>
      </div>
    </Frame>
  );
}

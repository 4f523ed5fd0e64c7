import { useId, useRef, useState } from 'react';
import { ModalDialog, useGatewayData, Button } from '@cfs/remote-kit';
import {
  certifiedProgramUrl,
  fordCertifiedText,
  moneyBackText,
  programsForMake,
  readCertifiedProgramDetail,
  thirdPartyProgram,
  thirdPartyText,
  type CertifiedProgram,
} from '../rules/certified';
import { Loading } from './Loading';

/**
 * Certified programs (page-furniture §2, §3, §9): the make's programs and the third-party program,
 * each with its details dialog (the program call, with its inspection link); the money back
 * guarantee panel; the Ford certified copy on the Ford brand.
 */
export function CertifiedPrograms(props: { makeCode: string; programs: CertifiedProgram[]; fordBrand: boolean }) {
  const headingId = useId();
  const moneyBackId = useId();
  const [moneyBack, setMoneyBack] = useState(false);
  const [open, setOpen] = useState<CertifiedProgram | null>(null);
  const own = programsForMake(props.programs, props.makeCode);
  const third = thirdPartyProgram(props.programs);
  return (
    <section className="ref-block" aria-labelledby={headingId}>
      <h3 id={headingId} className="ref-subheading">
        Certified programs
      </h3>
      {props.fordBrand && (
        <div className="ref-ford-copy">
          {fordCertifiedText().map((t) => (
            <p key={t}>{t}</p>
          ))}
        </div>
      )}
      <ul className="ref-programs">
        {own.map((p) => (
          <ProgramTile key={p.productId} program={p} onOpen={() => setOpen(p)} />
        ))}
        {third && <ProgramTile program={third} description={thirdPartyText()} onOpen={() => setOpen(third)} />}
      </ul>
      <Button aria-expanded={moneyBack} aria-controls={moneyBackId} onClick={() => setMoneyBack((v) => !v)}>
        Money back guarantee details
      </Button>
      <div id={moneyBackId} className="ref-money-back" hidden={!moneyBack}>
        <p>{moneyBackText()}</p>
      </div>
      {open && <ProgramDialog program={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function ProgramTile({ program, description, onOpen }: { program: CertifiedProgram; description?: string; onOpen: () => void }) {
  return (
    <li className="ref-card">
      <p className="ref-tile-title">{program.cpoTile.title || program.heading}</p>
      <p>{description ?? program.cpoTile.description}</p>
      <Button className="ref-link-button" onClick={onOpen}>
        {program.linkText}
      </Button>
    </li>
  );
}

/** The certified program details dialog: the program call's details; the tile's own text when the call fails. */
function ProgramDialog({ program, onClose }: { program: CertifiedProgram; onClose: () => void }) {
  const headingId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const detail = useGatewayData(certifiedProgramUrl(program.productId), readCertifiedProgramDetail);
  return (
    <ModalDialog labelledBy={headingId} onClose={onClose} initialFocus={close} className="ref-dialog">
      <div className="ref-dialog-head">
        <h2 id={headingId} className="ref-dialog-heading">
          {program.heading}
        </h2>
        <Button ref={close} onClick={onClose}>
          Close
        </Button>
      </div>
      {detail.status === 'loading' ? (
        <Loading />
      ) : detail.status === 'ready' ? (
        <>
          <p>{detail.data.content}</p>
          {detail.data.benefits.length > 0 && (
            <ul>
              {detail.data.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}
          {detail.data.inspectionLink && <a href={detail.data.inspectionLink}>{`${program.heading} inspection details`}</a>}
        </>
      ) : (
        <p>{program.content}</p>
      )}
    </ModalDialog>
  );
}

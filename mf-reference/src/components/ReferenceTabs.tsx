import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabKeyTarget } from '../rules/tabs';

interface Tab<Id extends string> {
  id: Id;
  label: string;
}

/**
 * WAI-ARIA tabs (automatic activation): one tab stop for the list (roving tabindex), arrow keys
 * and Home/End move focus and selection, each tab controls its own tab panel.
 */
export function ReferenceTabs<Id extends string>(props: {
  labelledBy: string;
  tabs: readonly Tab<Id>[];
  renderPanel: (id: Id) => ReactNode;
}) {
  const { tabs } = props;
  const [active, setActive] = useState(0);
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;

  // On each tab, not the list: keys reach the focused tab, and the list itself takes no focus.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, from: number) => {
    const next = tabKeyTarget(e.key, from, tabs.length);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-labelledby={props.labelledBy} className="ref-tablist">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            className="ref-tab"
            aria-selected={i === active}
            aria-controls={panelId(i)}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div key={t.id} role="tabpanel" id={panelId(i)} aria-labelledby={tabId(i)} className="ref-panel" tabIndex={0} hidden={i !== active}>
          {i === active && props.renderPanel(t.id)}
        </div>
      ))}
    </>
  );
}

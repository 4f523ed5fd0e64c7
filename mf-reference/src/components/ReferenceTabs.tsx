import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabKeyTarget } from '../rules/tabs';

export interface TabSpec {
  id: string;
  label: string;
}

/**
 * WAI-ARIA tabs (automatic activation): one tab stop for the list (roving tabindex), arrow keys
 * and Home/End move focus and selection, each tab controls its own tab panel, which it names.
 * Selection is kept by tab id, so a tab that joins or leaves the list moves no other selection;
 * when the selected tab leaves, the first tab is selected.
 */
export function ReferenceTabs(props: { labelledBy: string; tabs: readonly TabSpec[]; renderPanel: (id: string) => ReactNode }) {
  const { tabs } = props;
  const [chosen, setChosen] = useState<string | null>(null);
  const base = useId();
  const refs = useRef<Map<string, HTMLButtonElement | null>>(new Map());
  const active = Math.max(
    0,
    tabs.findIndex((t) => t.id === chosen),
  );
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  // On each tab, not the list: keys reach the focused tab, and the list itself takes no focus.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, from: number) => {
    const next = tabKeyTarget(e.key, from, tabs.length);
    if (next === null) return;
    e.preventDefault();
    setChosen(tabs[next].id);
    refs.current.get(tabs[next].id)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-labelledby={props.labelledBy} className="ref-tablist">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current.set(t.id, el);
            }}
            type="button"
            role="tab"
            id={tabId(t.id)}
            className="ref-tab"
            aria-selected={i === active}
            aria-controls={panelId(t.id)}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setChosen(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div
          key={t.id}
          role="tabpanel"
          id={panelId(t.id)}
          aria-labelledby={tabId(t.id)}
          className="ref-panel"
          tabIndex={0}
          hidden={i !== active}
        >
          {i === active && props.renderPanel(t.id)}
        </div>
      ))}
    </>
  );
}

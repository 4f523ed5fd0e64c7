import { useEffect, useState } from 'react';
import { loadModelMakes, loadTrims, type ModelMakes } from '../rules/vehicle-reference';

/** model -> make, once the reference lookup answers (null on the server, before, and on failure). */
export function useModelMakes(active: boolean): ModelMakes | null {
  const [map, setMap] = useState<ModelMakes | null>(null);
  useEffect(() => {
    if (!active || map) return;
    let live = true;
    void loadModelMakes().then((m) => {
      if (live && m) setMap(m);
    });
    return () => {
      live = false;
    };
  }, [active, map]);
  return map;
}

/** The trim codes of a make and model (null until known). */
export function useTrims(make: string | undefined, model: string | undefined): string[] | null {
  const key = make && model ? `${make}|${model}` : '';
  const [state, setState] = useState<{ key: string; trims: string[] } | null>(null);
  useEffect(() => {
    if (!make || !model) return;
    let live = true;
    void loadTrims(make, model).then((t) => {
      if (live && t) setState({ key: `${make}|${model}`, trims: t });
    });
    return () => {
      live = false;
    };
  }, [make, model]);
  return state && state.key === key ? state.trims : null;
}

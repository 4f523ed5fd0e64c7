import { useShared } from '@cfs/remote-kit';
import { selectedModel } from '../rules/selected-model';
import { ReferenceSection } from './ReferenceSection';
import './reference.css';

/** The model reference section below the results; nothing unless exactly one make and one model are selected. */
export function ReferenceApp() {
  const query = useShared((s) => s.search.query);
  const result = useShared((s) => s.search.result);
  const model = selectedModel(query, result);
  if (!model) return null;
  // Keyed by make and model: a new model starts on the first tab with fresh data.
  return <ReferenceSection key={`${model.makeCode}|${model.modelCode}`} model={model} />;
}

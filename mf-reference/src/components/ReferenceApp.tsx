import { useShared } from '@cfs/remote-kit';
import { selectedModel } from '../rules/selected-model';
import { showsFordCertifiedCopy } from '../rules/certified';
import { ReferenceSection } from './ReferenceSection';
import './reference.css';

/** The model reference section below the results; nothing unless the page is about one make and one model. */
export function ReferenceApp() {
  const query = useShared((s) => s.search.query);
  const result = useShared((s) => s.search.result);
  const brand = useShared((s) => s.brand?.brand);
  const model = selectedModel(query, result);
  if (!model) return null;
  // Keyed by make and model: a new model starts on the first tab with fresh data.
  return (
    <ReferenceSection
      key={`${model.makeCode}|${model.modelCode}`}
      model={model}
      query={query}
      totalResults={result?.totalResultCount ?? 0}
      fordBrand={showsFordCertifiedCopy(brand)}
    />
  );
}

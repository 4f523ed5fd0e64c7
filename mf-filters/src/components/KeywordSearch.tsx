import { useShared } from '@cfs/remote-kit';

/** Keyword search trigger (flag keywordSearch). */
export function KeywordSearch() {
  const enabled = useShared((s) => s.brand.flags.keywordSearch);
  const keyword = useShared((s) => s.search.query.keywordPhrases);
  if (!enabled) return null;
  return (
    <div className="flt-keyword">
      <button type="button" className="flt-button">
        {keyword ? `Keyword: ${keyword}` : 'Keyword Search'}
      </button>
    </div>
  );
}

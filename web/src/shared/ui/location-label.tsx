/** A location as pickers show it: the title, then its store code and address (a brand's titles repeat). */
export function LocationLabel({ item }: { item: { Title: string; StoreCode?: string; Address?: string } }) {
  const detail = [item.StoreCode, item.Address].filter((x) => x?.trim()).join(' · ');
  return (
    <span className="locus-location-label">
      <span className="locus-location-label-title">{item.Title}</span>
      {detail ? <span className="locus-location-label-detail bp6-text-muted">{detail}</span> : null}
    </span>
  );
}

/** The same as plain text, for accessible names, tags and filters. */
export const locationLabelText = (item: { Title: string; StoreCode?: string; Address?: string }) =>
  [item.Title, item.StoreCode, item.Address].filter((x) => x?.trim()).join(' · ');

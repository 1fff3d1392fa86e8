import { Button, ButtonGroup, Callout, HTMLTable } from '@blueprintjs/core';
import './google-changes.css';
import type { GoogleChangeView } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useResolveGoogleChangesMutation } from './google-changes-api';
import { googleChangesTexts as t } from './constants';

/**
 * The details page's side-by-side diff: per field Google changed, Google's value beside Locus's,
 * and the choice to accept Google's or keep Locus's (each sent at once, answered by Google).
 */
export const GoogleChangesPanel = ({ locationId, changes, editable }: { locationId: string; changes: readonly GoogleChangeView[]; editable: boolean }) => {
  const [resolve, state] = useResolveGoogleChangesMutation();
  if (!changes.length) return null;
  const decide = async (change: GoogleChangeView, accept: boolean) => {
    try {
      const res = await resolve({ id: locationId, accept: accept ? [change.Field] : [], keep: accept ? [] : [change.Field] }).unwrap();
      if (res.Data.Pending) toast.info(res.ResponseMessage);
      else toast.success(accept ? t.accepted(change.Label) : t.kept(change.Label));
    } catch (err) {
      toast.error(failureMessage(err, t.failed));
    }
  };
  return (
    <Callout intent="warning" icon="globe" title={t.panelTitle} className="locus-callout locus-google-changes" data-testid="google-changes">
      <p>{t.panelIntro}</p>
      <HTMLTable compact striped className="locus-google-changes-table">
        <thead>
          <tr>
            <th>{t.field}</th>
            <th>{t.google}</th>
            <th>{t.locus}</th>
            {editable ? <th /> : null}
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.Field} data-field={c.Field}>
              <th scope="row">{c.Label}</th>
              <td className="locus-google-value">{c.Google || t.empty}</td>
              <td className="locus-locus-value">{c.Locus || t.empty}</td>
              {editable ? (
                <td>
                  <ButtonGroup>
                    <Button
                      size="small"
                      intent="primary"
                      text={t.accept}
                      aria-label={`${t.accept} ${c.Label}`}
                      loading={state.isLoading && state.originalArgs?.accept.includes(c.Field)}
                      disabled={state.isLoading}
                      onClick={() => void decide(c, true)}
                    />
                    <Button
                      size="small"
                      text={t.keep}
                      aria-label={`${t.keep} ${c.Label}`}
                      loading={state.isLoading && state.originalArgs?.keep.includes(c.Field)}
                      disabled={state.isLoading}
                      onClick={() => void decide(c, false)}
                    />
                  </ButtonGroup>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Callout>
  );
};

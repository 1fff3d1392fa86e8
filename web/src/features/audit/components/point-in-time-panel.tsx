import { Button, Callout, Card, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, H5, HTMLTable, InputGroup, Slider, Switch } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '@web/shared/session/session-context';
import { formatDateTime } from '@web/shared/lib/dates';
import { toast } from '@web/shared/ui/toaster';
import { failureMessage } from '@web/shared/lib/envelope';
import { useEntityAtQuery, useRestoreEntityMutation, type EntityAt, type EntityRef } from '../api/audit-api';
import { historyTexts as t } from '../constants';

/** The moment a view shows: a position picked on the slider, or an instant typed in the date-time control. */
type Moment = { kind: 'now' } | { kind: 'position'; position: number } | { kind: 'at'; at: string };

const queryOf = (m: Moment) => (m.kind === 'position' ? { position: m.position } : m.kind === 'at' ? { at: m.at } : {});

/** `datetime-local` text for an ISO instant, in the browser's time zone. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** Picks a moment: a slider over the entity's changes (0 = before the first) and a date-time control. */
function MomentPicker({ label, changes, moment, onChange }: { label: string; changes: EntityAt['Changes']; moment: Moment; onChange: (m: Moment) => void }) {
  const index = moment.kind === 'position' ? changes.filter((c) => c.Position <= moment.position).length : changes.length;
  return (
    <div className="locus-moment-picker">
      <FormGroup label={`${label} — ${t.slider}`}>
        <Slider
          min={0}
          max={Math.max(changes.length, 1)}
          stepSize={1}
          labelStepSize={Math.max(1, Math.ceil(changes.length / 10))}
          value={index}
          labelRenderer={(v, opts) => (opts?.isHandleTooltip ? (v === 0 ? t.beforeFirst : t.sliderLabel(v, changes.length)) : String(v))}
          onChange={(v) =>
            onChange(
              v >= changes.length
                ? { kind: 'now' }
                : { kind: 'position', position: v === 0 ? Math.max(0, (changes[0]?.Position ?? 1) - 1) : changes[v - 1]!.Position },
            )
          }
          handleHtmlProps={{ 'aria-label': `${label} slider` }}
        />
      </FormGroup>
      <FormGroup label={`${label} — ${t.instant}`}>
        <InputGroup
          type="datetime-local"
          step={1}
          aria-label={`${label} instant`}
          value={moment.kind === 'at' ? localInput(moment.at) : ''}
          onChange={(e) => onChange(e.target.value ? { kind: 'at', at: new Date(e.target.value).toISOString() } : { kind: 'now' })}
        />
      </FormGroup>
    </div>
  );
}

function RestoreDialog({ entity, view, current, onClose }: { entity: EntityRef; view: EntityAt; current: EntityAt; onClose: () => void }) {
  const differing = view.Fields.filter((f) => view.Restorable.includes(f.Field) && current.Fields.find((c) => c.Field === f.Field)?.Value !== f.Value);
  const [chosen, setChosen] = useState<string[]>(differing.map((f) => f.Field));
  const [restore, state] = useRestoreEntityMutation();
  const submit = async () => {
    try {
      const res = await restore({ ...entity, body: { Position: view.Position, Fields: chosen } }).unwrap();
      toast.success(res.ResponseMessage);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, 'The fields could not be restored'));
    }
  };
  return (
    <Dialog isOpen title={t.restoreTitle} onClose={onClose}>
      <DialogBody>
        <p>{t.restoreHint}</p>
        {differing.length === 0 ? <Callout intent="primary">{t.restoreNone}</Callout> : null}
        {differing.map((f) => (
          <Checkbox
            key={f.Field}
            checked={chosen.includes(f.Field)}
            onChange={(e) => setChosen((c) => (e.currentTarget.checked ? [...c, f.Field] : c.filter((x) => x !== f.Field)))}
            labelElement={
              <span>
                <strong>{f.Field}</strong>: {current.Fields.find((c) => c.Field === f.Field)?.Value || '∅'} → {f.Value || '∅'}
              </span>
            }
          />
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text={t.restoreConfirm} disabled={chosen.length === 0} loading={state.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * Point in time: the entity as it was at a moment, folded on the server from
 * its events by the command side's own `evolve`; a second moment side by side; and, for
 * company admins, Restore of chosen fields to the first moment's values.
 */
export function PointInTimePanel({ entity }: { entity: EntityRef }) {
  const user = useCurrentUser();
  const [moment, setMoment] = useState<Moment>({ kind: 'now' });
  const [comparing, setComparing] = useState(false);
  const [other, setOther] = useState<Moment>({ kind: 'now' });
  const [restoring, setRestoring] = useState(false);
  const current = useEntityAtQuery(entity);
  const view = useEntityAtQuery({ ...entity, ...queryOf(moment) });
  const second = useEntityAtQuery({ ...entity, ...queryOf(other) }, { skip: !comparing });
  const changes = current.data?.Changes ?? [];
  const fields = useMemo(() => view.data?.Fields ?? [], [view.data]);
  const canRestore = user?.role === 'CompanyAdmin' && (view.data?.Restorable.length ?? 0) > 0 && moment.kind !== 'now' && view.data?.Exists;

  const valueIn = (data: EntityAt | undefined, field: string) => data?.Fields.find((f) => f.Field === field);
  const show = (f: { Value: string; Secret: boolean } | undefined) => (f ? (f.Secret ? t.changed : f.Value) : '');

  // Entity types the server cannot fold (no point-in-time view) show their timeline alone.
  if (current.isError) return null;
  return (
    <Card className="locus-point-in-time" data-testid="point-in-time">
      <H5>{t.pointInTime}</H5>
      <MomentPicker label="A" changes={changes} moment={moment} onChange={setMoment} />
      <Switch label={t.compare} checked={comparing} onChange={(e) => setComparing(e.currentTarget.checked)} />
      {comparing ? <MomentPicker label="B" changes={changes} moment={other} onChange={setOther} /> : null}
      {view.data ? (
        <>
          <p data-testid="point-in-time-as-of">{t.asOf(view.data.At ? formatDateTime(view.data.At) : null, view.data.Position)}</p>
          {!view.data.Exists ? <Callout intent="warning">{t.notExisting}</Callout> : null}
          <HTMLTable compact striped className="locus-point-in-time-fields">
            <thead>
              <tr>
                <th>{t.field}</th>
                <th>A</th>
                {comparing ? <th>B</th> : null}
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => {
                const b = comparing ? valueIn(second.data, f.Field) : undefined;
                const differs = comparing && b !== undefined && b.Value !== f.Value;
                return (
                  <tr key={f.Field} data-field={f.Field} className={differs ? 'locus-field-differs' : undefined}>
                    <td>{f.Field}</td>
                    <td data-testid={`value-a-${f.Field}`}>{show(f)}</td>
                    {comparing ? <td data-testid={`value-b-${f.Field}`}>{show(b)}</td> : null}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
          {canRestore ? <Button icon="undo" intent="warning" text={t.restore} onClick={() => setRestoring(true)} /> : null}
          {restoring && current.data ? <RestoreDialog entity={entity} view={view.data} current={current.data} onClose={() => setRestoring(false)} /> : null}
        </>
      ) : null}
    </Card>
  );
}

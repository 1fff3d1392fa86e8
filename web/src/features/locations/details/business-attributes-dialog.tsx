import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useLocationAttributesQuery, useUpdateAttributesMutation, type LocationAttributes } from '../api/details-api';
import { detailsTexts as t } from './constants';
import { attributesBody, groupFlags } from './attributes-form';

/** Business Attributes: tabs Attributes and Place Page URLs. */
export const BusinessAttributesDialog = ({ locationId, onClose }: { locationId: string; onClose: () => void }) => {
  const { data, isLoading } = useLocationAttributesQuery(locationId);
  const [flags, setFlags] = useState<Record<string, boolean>>({});
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [loaded, setLoaded] = useState<LocationAttributes | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, state] = useUpdateAttributesMutation();

  useEffect(() => {
    if (data && !loaded) {
      setLoaded(data);
      setFlags({ ...data.Attributes });
      setUrls({ ...data.PlacePageUrls });
    }
  }, [data, loaded]);

  const submit = async () => {
    if (!loaded) return;
    setErrors({});
    try {
      const res = await save({ id: locationId, body: attributesBody(loaded, flags, urls) }).unwrap();
      toast.success(res.ResponseMessage || t.attributesUpdated);
      onClose();
    } catch (err) {
      setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(err)).map(([k, v]) => [k.replace(/^PlacePageUrls\./, ''), v])));
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const attributesPanel = loaded ? (
    <div className="locus-attribute-groups">
      {groupFlags(loaded.Flags).map(([group, list]) => (
        <div key={group} className="locus-attribute-group">
          <div className="locus-form-section">{group}</div>
          <div className="locus-checkbox-grid">
            {list.map((f) => (
              <Checkbox
                key={f.Key}
                label={f.Label}
                checked={flags[f.Key] === true}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setFlags((s) => ({ ...s, [f.Key]: checked }));
                }}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  ) : null;

  const urlsPanel = loaded ? (
    <div className="locus-form-grid">
      {loaded.UrlFields.map((f) => (
        <FormGroup key={f.Key} label={f.Label} labelFor={`attr-url-${f.Key}`} intent={errors[f.Key] ? 'danger' : 'none'} helperText={errors[f.Key]}>
          <InputGroup
            id={`attr-url-${f.Key}`}
            type="url"
            placeholder={t.placeholders.url}
            value={urls[f.Key] ?? ''}
            onValueChange={(v) => setUrls((s) => ({ ...s, [f.Key]: v }))}
          />
        </FormGroup>
      ))}
    </div>
  ) : null;

  return (
    <Dialog isOpen title={t.attributesTitle} onClose={onClose} className="locus-dialog-xwide">
      <DialogBody className="locus-scroll-body">
        {isLoading || !loaded ? (
          <Spinner />
        ) : (
          <Tabs id="attribute-tabs">
            <Tab id="attributes" title={t.attributesTab} panel={attributesPanel ?? undefined} />
            <Tab id="urls" title={t.placePageUrlsTab} panel={urlsPanel ?? undefined} />
          </Tabs>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button intent="primary" text={t.save} disabled={!loaded} loading={state.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};

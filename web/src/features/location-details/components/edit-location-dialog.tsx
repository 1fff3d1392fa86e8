import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { categoryChoices, cityChoices, coordinatesOfCity, stateChoices } from '@web/shared/location-form/choices';
import { ChoiceMultiSelect, ChoiceSelect } from '@web/shared/location-form/pickers';
import { toast } from '@web/shared/ui/toaster';
import {
  useEditCitiesQuery,
  useEditStatesQuery,
  useLocationCategoryChoicesQuery,
  useUpdateLocationMutation,
  type LocationDetails,
} from '../api/location-details-api';
import { COUNTRY_CODE, DESCRIPTION_MAX_LENGTH, MAX_ADDITIONAL_CATEGORIES, detailsTexts as t } from '../constants';
import { coverRatioError } from '../details-rules';
import { editFormFromLocation, editWithCity, editWithState, updateLocationBody, type EditLocationForm } from '../edit-location-form';
import { loadImageSize } from '../hooks/use-image-size';
import { KeywordInput } from './keyword-input';

type TextKey = { [K in keyof EditLocationForm]: EditLocationForm[K] extends string ? K : never }[keyof EditLocationForm];

/** Edit Location (spec part 2 §2, §3 Location (edit)). */
export const EditLocationDialog = ({ location, onClose }: { location: LocationDetails; onClose: () => void }) => {
  const [form, setForm] = useState<EditLocationForm>(() => editFormFromLocation(location));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [coverState, setCoverState] = useState<'idle' | 'checking'>('idle');
  const categories = useLocationCategoryChoicesQuery(location.Id);
  const states = useEditStatesQuery();
  const cities = useEditCitiesQuery(form.State, { skip: !form.State });
  const [update, updateState] = useUpdateLocationMutation();

  const known = Object.fromEntries([...(location.PrimaryCategory ? [location.PrimaryCategory] : []), ...location.AdditionalCategories].map((c) => [c.Name, c.DisplayName]));
  const choices = categoryChoices(categories.data?.Data);

  const text = (key: TextKey, label: string, opts: { type?: string; readOnly?: boolean; placeholder?: string } = {}): ReactNode => (
    <FormGroup label={label} labelFor={`edit-${key}`} intent={errors[key] ? 'danger' : 'none'} helperText={errors[key]}>
      <InputGroup
        id={`edit-${key}`}
        type={opts.type}
        readOnly={opts.readOnly}
        disabled={opts.readOnly}
        placeholder={opts.placeholder}
        value={form[key]}
        onValueChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
      />
    </FormGroup>
  );

  const checkCover = async (url: string) => {
    const trimmed = url.trim();
    if (!trimmed || trimmed === (location.LocationCoverMedia ?? '')) return;
    setCoverState('checking');
    const size = await loadImageSize(trimmed);
    setCoverState('idle');
    const problem = size ? coverRatioError(size.width, size.height) : t.imageLoadFailed;
    if (problem) {
      // the spec clears the uploader after a wrong ratio
      setForm((f) => ({ ...f, LocationCoverMedia: '' }));
      setErrors((e) => ({ ...e, LocationCoverMedia: problem }));
      toast.error(problem);
    } else {
      setErrors(({ LocationCoverMedia: _drop, ...rest }) => rest);
    }
  };

  const submit = async () => {
    setErrors({});
    try {
      const res = await update({ id: location.Id, body: updateLocationBody(form) }).unwrap();
      toast.success(res.ResponseMessage || t.updated);
      onClose();
    } catch (err) {
      setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(err)).map(([k, v]) => [k.replace(/\.\d+.*$/, ''), v])));
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <Dialog isOpen title={t.editTitle} onClose={onClose} className="locus-dialog-xwide" canOutsideClickClose={false}>
      <DialogBody className="locus-scroll-body">
        <div className="locus-form-section">{t.sections.business}</div>
        <div className="locus-form-grid-3">
          {text('Title', t.fields.title, { readOnly: true })}
          {text('StoreCode', t.fields.storeCode)}
          {text('LocaleTagline', t.fields.tagline)}
        </div>

        <div className="locus-form-section">{t.sections.categories}</div>
        <div className="locus-form-grid">
          <FormGroup label={t.fields.primaryCategory} labelFor="edit-primary-category" labelInfo="*" intent={errors.PrimaryCategoryId ? 'danger' : 'none'} helperText={errors.PrimaryCategoryId}>
            <ChoiceSelect
              id="edit-primary-category"
              choices={choices}
              value={form.PrimaryCategoryId}
              valueLabel={form.PrimaryCategoryId ? known[form.PrimaryCategoryId] : undefined}
              loading={categories.isLoading}
              placeholder={t.placeholders.primaryCategory}
              onChange={(c) =>
                setForm((f) => ({ ...f, PrimaryCategoryId: c.value, SelectedAdditionalCategories: f.SelectedAdditionalCategories.filter((v) => v !== c.value) }))
              }
            />
          </FormGroup>
          <FormGroup label={t.fields.additionalCategories} intent={errors.SelectedAdditionalCategories ? 'danger' : 'none'} helperText={errors.SelectedAdditionalCategories}>
            <ChoiceMultiSelect
              choices={choices.filter((c) => c.value !== form.PrimaryCategoryId)}
              values={form.SelectedAdditionalCategories}
              labels={known}
              max={MAX_ADDITIONAL_CATEGORIES}
              placeholder={t.placeholders.additionalCategories}
              onChange={(v) => setForm((f) => ({ ...f, SelectedAdditionalCategories: v }))}
            />
          </FormGroup>
          <FormGroup label={t.fields.localezeCategories}>
            <div className="locus-keyword-tags">
              {form.SelectedLocaleZeCategories.length === 0 ? <span className="locus-muted">{t.noLocalezeCategories}</span> : null}
              {form.SelectedLocaleZeCategories.map((c) => (
                <Tag key={c.Id} minimal round onRemove={() => setForm((f) => ({ ...f, SelectedLocaleZeCategories: f.SelectedLocaleZeCategories.filter((x) => x.Id !== c.Id) }))}>
                  {c.Name}
                </Tag>
              ))}
            </div>
          </FormGroup>
          <FormGroup label={t.fields.keywords} labelFor="edit-keywords" intent={errors.LocaleZeKeyWords ? 'danger' : 'none'} helperText={errors.LocaleZeKeyWords}>
            <KeywordInput id="edit-keywords" keywords={form.LocaleZeKeyWords} placeholder={t.placeholders.keywords} onChange={(k) => setForm((f) => ({ ...f, LocaleZeKeyWords: k }))} />
          </FormGroup>
        </div>

        <div className="locus-form-section">{t.sections.contact}</div>
        <div className="locus-form-grid">
          {text('PrimaryPhoneNumber', t.fields.primaryPhone, { type: 'tel' })}
          {text('TollFreeNumber', t.fields.tollFree, { type: 'tel' })}
          {text('PrimaryEmail', t.fields.primaryEmail, { type: 'email' })}
          {text('Website', t.fields.website, { type: 'url', placeholder: t.placeholders.url })}
          {text('OwnerFirstName', t.fields.ownerFirstName)}
          {text('OwnerLastName', t.fields.ownerLastName)}
          <FormGroup label={t.fields.openingDate} labelFor="edit-OpeningDate" labelInfo="*" intent={errors.OpeningDate ? 'danger' : 'none'} helperText={errors.OpeningDate}>
            <InputGroup id="edit-OpeningDate" type="date" value={form.OpeningDate} onValueChange={(v) => setForm((f) => ({ ...f, OpeningDate: v }))} />
          </FormGroup>
        </div>

        <div className="locus-form-section">{t.sections.address}</div>
        <div className="locus-form-grid">
          {text('StreetAddressLine1', t.fields.address1)}
          {text('StreetAddressLine2', t.fields.address2)}
        </div>
        <div className="locus-form-grid-3">
          <FormGroup label={t.fields.country} labelFor="edit-country">
            <HTMLSelect id="edit-country" fill disabled value={COUNTRY_CODE} options={[{ value: COUNTRY_CODE, label: t.countryName }]} />
          </FormGroup>
          <FormGroup label={t.fields.state} labelFor="edit-state" intent={errors.State ? 'danger' : 'none'} helperText={errors.State}>
            <HTMLSelect
              id="edit-state"
              fill
              value={form.State}
              onChange={(e) => setForm((f) => editWithState(f, e.currentTarget.value))}
              options={[{ value: '', label: t.placeholders.state }, ...stateChoices(states.data)]}
            />
          </FormGroup>
          <FormGroup label={t.fields.city} labelFor="edit-city" intent={errors.Town ? 'danger' : 'none'} helperText={errors.Town}>
            <ChoiceSelect
              id="edit-city"
              choices={cityChoices(cities.data)}
              value={form.Town || null}
              disabled={!form.State}
              loading={cities.isFetching}
              placeholder={t.placeholders.city}
              onChange={(c) => {
                const coords = coordinatesOfCity(cities.data, c.value);
                if (coords) setForm((f) => editWithCity(f, { Name: c.value, ...coords }));
              }}
            />
          </FormGroup>
          {text('PostCode', t.fields.postCode)}
          <FormGroup label={t.fields.latitude} labelFor="edit-latitude">
            <InputGroup id="edit-latitude" readOnly disabled value={form.Latitude === null ? '' : String(form.Latitude)} />
          </FormGroup>
          <FormGroup label={t.fields.longitude} labelFor="edit-longitude">
            <InputGroup id="edit-longitude" readOnly disabled value={form.Longitude === null ? '' : String(form.Longitude)} />
          </FormGroup>
        </div>

        <div className="locus-form-section">{t.sections.social}</div>
        <div className="locus-form-grid-3">
          {text('Facebook', t.fields.facebook, { type: 'url', placeholder: t.placeholders.url })}
          {text('Instagram', t.fields.instagram, { type: 'url', placeholder: t.placeholders.url })}
          {text('Twitter', t.fields.twitter, { type: 'url', placeholder: t.placeholders.url })}
          {text('LinkedIn', t.fields.linkedIn, { type: 'url', placeholder: t.placeholders.url })}
          {text('Yelp', t.fields.yelp, { type: 'url', placeholder: t.placeholders.url })}
          {text('GooglePlus', t.fields.googlePlus, { type: 'url', placeholder: t.placeholders.url })}
        </div>

        <div className="locus-form-section">{t.sections.media}</div>
        <div className="locus-form-grid">
          {text('LocationProfileMedia', t.fields.profileMedia, { type: 'url', placeholder: t.placeholders.url })}
          <FormGroup
            label={t.fields.coverMedia}
            labelFor="edit-LocationCoverMedia"
            intent={errors.LocationCoverMedia ? 'danger' : 'none'}
            helperText={coverState === 'checking' ? t.checkingImage : errors.LocationCoverMedia}
          >
            <InputGroup
              id="edit-LocationCoverMedia"
              type="url"
              placeholder={t.placeholders.url}
              value={form.LocationCoverMedia}
              onValueChange={(v) => setForm((f) => ({ ...f, LocationCoverMedia: v }))}
              onBlur={(e) => void checkCover(e.currentTarget.value)}
            />
          </FormGroup>
        </div>

        <div className="locus-form-section">{t.sections.description}</div>
        <FormGroup
          label={
            <>
              {t.fields.description}
              <span className="locus-char-count">
                {form.ProfileDescription.length}/{DESCRIPTION_MAX_LENGTH}
              </span>
            </>
          }
          labelFor="edit-description"
          intent={errors.ProfileDescription ? 'danger' : 'none'}
          helperText={errors.ProfileDescription}
        >
          <TextArea
            id="edit-description"
            fill
            rows={4}
            maxLength={DESCRIPTION_MAX_LENGTH}
            value={form.ProfileDescription}
            onChange={(e) => {
              const v = e.currentTarget.value.slice(0, DESCRIPTION_MAX_LENGTH);
              setForm((f) => ({ ...f, ProfileDescription: v }));
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t.cancel} onClick={onClose} />
            <Button
              intent="primary"
              text={t.save}
              loading={updateState.isLoading}
              disabled={coverState === 'checking'}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};

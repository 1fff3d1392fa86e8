import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { failureMessage, fieldErrorsOf } from '@web/shared/lib/envelope';
import { formFieldErrors, withoutErrorsOf, type AddressContact } from '../form/address-contact';
import { AddressContactFields } from '../form/address-contact-fields';
import { categoryChoices } from '../form/choices';
import { ChoiceMultiSelect, ChoiceSelect } from '../form/pickers';
import { toast } from '@web/shared/ui/toaster';
import { useLocationCategoryChoicesQuery, useUpdateLocationMutation, type LocationDetails } from '../api/details-api';
import { DESCRIPTION_MAX_LENGTH, MAX_ADDITIONAL_CATEGORIES, detailsTexts as t } from './constants';
import { coverRatioError } from './details-rules';
import { changedLocationBody, editFormFromLocation, type EditLocationForm } from '../form/edit-location-form';
import { loadImageSize } from './use-image-size';
import { KeywordInput } from './keyword-input';
import { LocalezeCategoryPicker } from './sections/localeze-category-picker';

type TextKey = { [K in keyof EditLocationForm]: EditLocationForm[K] extends string ? K : never }[keyof EditLocationForm];

/** A location can be edited without an address (one imported so); the opening date is asked for (spec part 2 §5). */
const EDIT_REQUIRED_FIELDS: ReadonlySet<keyof AddressContact> = new Set(['OpeningDate'] as const);

/** Edit Location (spec part 2 §2, §3 Location (edit)). */
export const EditLocationDialog = ({ location, onClose }: { location: LocationDetails; onClose: () => void }) => {
  // The location as the dialog opened: what the save compares against (a live refresh may replace `location` meanwhile).
  const [initial] = useState<EditLocationForm>(() => editFormFromLocation(location));
  const [form, setForm] = useState<EditLocationForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [coverState, setCoverState] = useState<'idle' | 'checking'>('idle');
  const categories = useLocationCategoryChoicesQuery(location.Id);
  const [save, saveState] = useUpdateLocationMutation();

  const known = Object.fromEntries(
    [...(location.PrimaryCategory ? [location.PrimaryCategory] : []), ...location.AdditionalCategories].map((c) => [c.Name, c.DisplayName]),
  );
  const choices = categoryChoices(categories.data?.Data);

  const update = (change: (f: EditLocationForm) => EditLocationForm, changed: (keyof EditLocationForm)[]) => {
    setForm(change);
    setErrors((e) => withoutErrorsOf(e, changed));
  };

  const text = (key: TextKey, label: string, opts: { type?: string; readOnly?: boolean; placeholder?: string } = {}): ReactNode => (
    <FormGroup label={label} labelFor={`edit-${key}`} intent={errors[key] ? 'danger' : 'none'} helperText={errors[key]}>
      <InputGroup
        id={`edit-${key}`}
        type={opts.type}
        readOnly={opts.readOnly}
        disabled={opts.readOnly}
        placeholder={opts.placeholder}
        value={form[key]}
        onValueChange={(v) => update((f) => ({ ...f, [key]: v }), [key])}
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
      const res = await save({ id: location.Id, body: changedLocationBody(form, initial) }).unwrap();
      toast.success(res.ResponseMessage || t.updated);
      onClose();
    } catch (err) {
      setErrors(formFieldErrors(fieldErrorsOf(err)));
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
          <FormGroup
            label={t.fields.primaryCategory}
            labelFor="edit-primary-category"
            labelInfo="*"
            intent={errors.PrimaryCategoryId ? 'danger' : 'none'}
            helperText={errors.PrimaryCategoryId}
          >
            <ChoiceSelect
              id="edit-primary-category"
              choices={choices}
              value={form.PrimaryCategoryId}
              valueLabel={form.PrimaryCategoryId ? known[form.PrimaryCategoryId] : undefined}
              loading={categories.isLoading}
              placeholder={t.placeholders.primaryCategory}
              onChange={(c) =>
                setForm((f) => ({
                  ...f,
                  PrimaryCategoryId: c.value,
                  SelectedAdditionalCategories: f.SelectedAdditionalCategories.filter((v) => v !== c.value),
                }))
              }
            />
          </FormGroup>
          <FormGroup
            label={t.fields.additionalCategories}
            intent={errors.SelectedAdditionalCategories ? 'danger' : 'none'}
            helperText={errors.SelectedAdditionalCategories}
          >
            <ChoiceMultiSelect
              choices={choices.filter((c) => c.value !== form.PrimaryCategoryId)}
              values={form.SelectedAdditionalCategories}
              labels={known}
              max={MAX_ADDITIONAL_CATEGORIES}
              placeholder={t.placeholders.additionalCategories}
              onChange={(v) => setForm((f) => ({ ...f, SelectedAdditionalCategories: v }))}
            />
          </FormGroup>
          <FormGroup
            label={t.fields.localezeListingId}
            labelFor="edit-LocalezeListingId"
            intent={errors.LocalezeListingId ? 'danger' : 'none'}
            helperText={errors.LocalezeListingId}
          >
            <InputGroup
              id="edit-LocalezeListingId"
              inputMode="numeric"
              value={form.LocalezeListingId}
              onValueChange={(v) => setForm((f) => ({ ...f, LocalezeListingId: v }))}
            />
          </FormGroup>
          <FormGroup label={t.fields.localezeCategories}>
            <LocalezeCategoryPicker
              selected={form.SelectedLocaleZeCategories}
              onAdd={(c) => setForm((f) => ({ ...f, SelectedLocaleZeCategories: [...f.SelectedLocaleZeCategories, c] }))}
            />
            <div className="locus-keyword-tags">
              {form.SelectedLocaleZeCategories.length === 0 ? <span className="locus-muted">{t.noLocalezeCategories}</span> : null}
              {form.SelectedLocaleZeCategories.map((c) => (
                <Tag
                  key={c.Id}
                  minimal
                  round
                  onRemove={() => setForm((f) => ({ ...f, SelectedLocaleZeCategories: f.SelectedLocaleZeCategories.filter((x) => x.Id !== c.Id) }))}
                >
                  {c.Name}
                </Tag>
              ))}
            </div>
          </FormGroup>
          <FormGroup
            label={t.fields.keywords}
            labelFor="edit-keywords"
            intent={errors.LocaleZeKeyWords ? 'danger' : 'none'}
            helperText={errors.LocaleZeKeyWords}
          >
            <KeywordInput
              id="edit-keywords"
              keywords={form.LocaleZeKeyWords}
              placeholder={t.placeholders.keywords}
              onChange={(k) => setForm((f) => ({ ...f, LocaleZeKeyWords: k }))}
            />
          </FormGroup>
        </div>

        <AddressContactFields
          idPrefix="edit"
          form={form}
          errors={errors}
          onChange={update}
          contactTitle={t.sections.contact}
          contactFields={
            <>
              {text('PrimaryPhoneNumber', t.fields.primaryPhone, { type: 'tel' })}
              {text('TollFreeNumber', t.fields.tollFree, { type: 'tel' })}
              {text('Website', t.fields.website, { type: 'url', placeholder: t.placeholders.url })}
            </>
          }
          required={EDIT_REQUIRED_FIELDS}
          coordinatesEditable={false}
        />

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
            <Button intent="primary" text={t.save} loading={saveState.isLoading} disabled={coverState === 'checking'} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};

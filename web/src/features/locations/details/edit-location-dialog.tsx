import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { UpdateLocationFieldsSchema } from '@locus/contracts';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TextAreaField, TextField } from '@web/shared/forms/contract-fields';
import { errorMessageOf, showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import type { AddressContact } from '../form/address-contact';
import { AddressContactFields, addressContactPaths, FormField } from '../form/address-contact-fields';
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

/**
 * The dialog's schema: what it sends is only what differs from the location as the dialog opened
 * (a save never rewrites what the user left alone), checked by the route's own schema.
 */
const editSchemaFrom = (initial: EditLocationForm) =>
  z
    .custom<EditLocationForm>((v) => typeof v === 'object' && v !== null)
    .transform((form) => changedLocationBody(form, initial))
    .pipe(UpdateLocationFieldsSchema);

/** Edit Location (spec part 2 §2, §3 Location (edit)). */
export const EditLocationDialog = ({ location, onClose }: { location: LocationDetails; onClose: () => void }) => {
  // The location as the dialog opened: what the save compares against (a live refresh may replace `location` meanwhile).
  const [initial] = useState<EditLocationForm>(() => editFormFromLocation(location));
  const [schema] = useState(() => editSchemaFrom(initial));
  const form = useContractForm(schema, initial);
  const { control, handleSubmit, setValue, setError, clearErrors, getValues } = form;
  const [primaryCategoryId, description] = useWatch({ control, name: ['PrimaryCategoryId', 'ProfileDescription'] });
  const [coverState, setCoverState] = useState<'idle' | 'checking'>('idle');
  const categories = useLocationCategoryChoicesQuery(location.Id);
  const [save, saveState] = useUpdateLocationMutation();

  const known = Object.fromEntries(
    [...(location.PrimaryCategory ? [location.PrimaryCategory] : []), ...location.AdditionalCategories].map((c) => [c.Name, c.DisplayName]),
  );
  const choices = categoryChoices(categories.data?.Data);

  const text = (key: TextKey, label: string, opts: { type?: string; readOnly?: boolean; placeholder?: string } = {}) => (
    <TextField
      control={control}
      name={key}
      id={`edit-${key}`}
      label={label}
      type={opts.type}
      readOnly={opts.readOnly}
      disabled={opts.readOnly}
      placeholder={opts.placeholder}
    />
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
      setValue('LocationCoverMedia', '', { shouldDirty: true });
      setError('LocationCoverMedia', { type: 'image', message: problem });
      toast.error(problem);
    } else {
      clearErrors('LocationCoverMedia');
    }
  };

  const submit = handleSubmit(async (body) => {
    try {
      const res = await save({ id: location.Id, body }).unwrap();
      toast.success(res.ResponseMessage || t.updated);
      onClose();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

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
          <Controller
            control={control}
            name="PrimaryCategoryId"
            render={({ field, fieldState }) => (
              <FormField id="edit-primary-category" label={t.fields.primaryCategory} required error={errorMessageOf(fieldState.error)}>
                <ChoiceSelect
                  id="edit-primary-category"
                  choices={choices}
                  value={field.value}
                  valueLabel={field.value ? known[field.value] : undefined}
                  loading={categories.isLoading}
                  placeholder={t.placeholders.primaryCategory}
                  onChange={(c) => {
                    field.onChange(c.value);
                    const additional = getValues('SelectedAdditionalCategories');
                    if (additional.includes(c.value))
                      setValue(
                        'SelectedAdditionalCategories',
                        additional.filter((v) => v !== c.value),
                        { shouldDirty: true },
                      );
                  }}
                />
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="SelectedAdditionalCategories"
            render={({ field, fieldState }) => (
              <FormField label={t.fields.additionalCategories} error={errorMessageOf(fieldState.error)}>
                <ChoiceMultiSelect
                  choices={choices.filter((c) => c.value !== primaryCategoryId)}
                  values={field.value}
                  labels={known}
                  max={MAX_ADDITIONAL_CATEGORIES}
                  placeholder={t.placeholders.additionalCategories}
                  onChange={field.onChange}
                />
              </FormField>
            )}
          />
          {text('LocalezeListingId', t.fields.localezeListingId)}
          <Controller
            control={control}
            name="SelectedLocaleZeCategories"
            render={({ field, fieldState }) => (
              <FormField label={t.fields.localezeCategories} error={errorMessageOf(fieldState.error)}>
                <LocalezeCategoryPicker selected={field.value} onAdd={(c) => field.onChange([...field.value, c])} />
                <div className="locus-keyword-tags">
                  {field.value.length === 0 ? <span className="locus-muted">{t.noLocalezeCategories}</span> : null}
                  {field.value.map((c) => (
                    <Tag key={c.Id} minimal round onRemove={() => field.onChange(field.value.filter((x) => x.Id !== c.Id))}>
                      {c.Name}
                    </Tag>
                  ))}
                </div>
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="LocaleZeKeyWords"
            render={({ field, fieldState }) => (
              <FormField id="edit-keywords" label={t.fields.keywords} error={errorMessageOf(fieldState.error)}>
                <KeywordInput id="edit-keywords" keywords={field.value} placeholder={t.placeholders.keywords} onChange={field.onChange} />
              </FormField>
            )}
          />
        </div>

        <AddressContactFields
          idPrefix="edit"
          control={control}
          paths={addressContactPaths}
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
          <Controller
            control={control}
            name="LocationCoverMedia"
            render={({ field, fieldState }) => (
              <FormGroup
                label={t.fields.coverMedia}
                labelFor="edit-LocationCoverMedia"
                intent={fieldState.error ? 'danger' : 'none'}
                helperText={coverState === 'checking' ? t.checkingImage : errorMessageOf(fieldState.error)}
              >
                <InputGroup
                  id="edit-LocationCoverMedia"
                  type="url"
                  placeholder={t.placeholders.url}
                  inputRef={field.ref}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={(e) => {
                    field.onBlur();
                    void checkCover(e.currentTarget.value);
                  }}
                />
              </FormGroup>
            )}
          />
        </div>

        <div className="locus-form-section">{t.sections.description}</div>
        <TextAreaField
          control={control}
          name="ProfileDescription"
          id="edit-description"
          rows={4}
          maxLength={DESCRIPTION_MAX_LENGTH}
          label={
            <>
              {t.fields.description}
              <span className="locus-char-count">
                {description.length}/{DESCRIPTION_MAX_LENGTH}
              </span>
            </>
          }
        />
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

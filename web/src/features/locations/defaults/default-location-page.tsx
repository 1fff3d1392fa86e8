import { Button, Card, FileInput, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { MediaThumbnail } from '@web/shared/ui/media-thumbnail';
import { type ReactElement, useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  COUNTRY_CODE,
  DESCRIPTION_MAX_LENGTH,
  locationDefaultsMessages as m,
  SaveLocationDefaultsBodySchema,
  type SaveLocationDefaultsBody,
} from '@locus/contracts';
import { TextAreaField, TextField } from '@web/shared/forms/contract-fields';
import { changedFields, errorMessageOf, showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { useCurrentUser } from '@web/shared/session/session-context';
import { failureMessage } from '@web/shared/lib/envelope';
import { PageHeader } from '@web/shared/ui/page-header';
import { PageSpinner } from '@web/shared/ui/page-spinner';
import { toast } from '@web/shared/ui/toaster';
import { useDefaultLocationHoursQuery, useGoogleCategoriesQuery, useUsStatesQuery } from '../api/locations-api';
import {
  useDeleteDefaultImageMutation,
  useLocationDefaultsQuery,
  useSaveLocationDefaultsMutation,
  useUploadImagesMutation,
  type LocationDefaultsData,
} from '../api/defaults-api';
import { categoryChoices, stateChoices } from '../form/choices';
import { entriesForSave, weekFromEntries, type DayHours } from '../form/hours';
import { HoursEditor } from '../form/hours-editor';
import { ChoiceMultiSelect, ChoiceSelect } from '../form/pickers';
import './defaults.css';

/** The save's message, kept across the reload that follows it. */
const SAVED_MESSAGE_KEY = 'locus.location-defaults.saved';

interface DefaultsForm {
  Title: string;
  PrimaryPhoneNumber: string;
  PrimaryCategoryId: string | null;
  SelectedAdditionalCategories: string[];
  StreetAddressLine1: string;
  StreetAddressLine2: string;
  State: string | null;
  Website: string;
  ProfileDescription: string;
  week: DayHours[];
  images: { Id?: string; MediaItemUrl: string }[];
  /** Addresses of images typed in, one a row. */
  urls: string[];
}

const formOf = (d: LocationDefaultsData, hours: Parameters<typeof weekFromEntries>[0]): DefaultsForm => ({
  Title: d?.Title ?? '',
  PrimaryPhoneNumber: d?.PrimaryPhoneNumber ?? '',
  PrimaryCategoryId: d?.PrimaryCategoryId ?? null,
  SelectedAdditionalCategories: d?.SelectedAdditionalCategories ?? [],
  StreetAddressLine1: d?.StreetAddressLine1 ?? '',
  StreetAddressLine2: d?.StreetAddressLine2 ?? '',
  State: d?.State || null,
  Website: d?.Website ?? '',
  ProfileDescription: d?.ProfileDescription ?? '',
  week: weekFromEntries(d?.BusinessHours ?? hours),
  images: d?.LocationDefaultImagesUrl ?? [],
  urls: [''],
});

/** The whole save body of the form's values (the country is always the US). */
const defaultsBodyOf = (form: DefaultsForm): SaveLocationDefaultsBody => ({
  Title: form.Title,
  PrimaryPhoneNumber: form.PrimaryPhoneNumber,
  PrimaryCategoryId: form.PrimaryCategoryId,
  SelectedAdditionalCategories: form.SelectedAdditionalCategories,
  StreetAddressLine1: form.StreetAddressLine1,
  StreetAddressLine2: form.StreetAddressLine2,
  State: form.State,
  Website: form.Website,
  ProfileDescription: form.ProfileDescription,
  BusinessHours: entriesForSave(form.week),
  LocationDefaultImagesUrl: [...form.images, ...form.urls.filter((u) => u.trim()).map((u) => ({ MediaItemUrl: u.trim() }))],
});

/** What a save sends: only the fields that differ from the saved defaults (with the country when the state changed), checked by the route's schema. */
const defaultsSchemaFrom = (initial: DefaultsForm) =>
  z
    .custom<DefaultsForm>((v) => typeof v === 'object' && v !== null)
    .transform((form) => {
      const changes = changedFields(defaultsBodyOf(form), defaultsBodyOf(initial));
      return changes.State === undefined ? changes : { ...changes, Region: COUNTRY_CODE };
    })
    .pipe(SaveLocationDefaultsBodySchema);

/** Location Default(s) (spec part 1 §2): what Create Location starts from. */
const DefaultLocationPage = (): ReactElement => {
  const { data: defaults, isLoading } = useLocationDefaultsQuery();
  const { data: hours } = useDefaultLocationHoursQuery();
  const [initial, setInitial] = useState<DefaultsForm | null>(null);

  useEffect(() => {
    if (!isLoading && hours && initial === null) setInitial(formOf(defaults ?? null, hours));
  }, [isLoading, hours, defaults, initial]);
  useEffect(() => {
    const saved = sessionStorage.getItem(SAVED_MESSAGE_KEY);
    if (!saved) return;
    sessionStorage.removeItem(SAVED_MESSAGE_KEY);
    toast.success(saved);
  }, []);
  if (!initial) return <PageSpinner />;
  return <DefaultsFormCard initial={initial} savedImages={defaults?.LocationDefaultImagesUrl ?? []} />;
};

const DefaultsFormCard = ({ initial, savedImages }: { initial: DefaultsForm; savedImages: readonly { Id?: string }[] }) => {
  const user = useCurrentUser();
  const { data: categories } = useGoogleCategoriesQuery();
  const { data: states } = useUsStatesQuery();
  const [save, saving] = useSaveLocationDefaultsMutation();
  const [deleteImage] = useDeleteDefaultImageMutation();
  const [uploadImages, uploading] = useUploadImagesMutation();
  const [schema] = useState(() => defaultsSchemaFrom(initial));
  const form = useContractForm(schema, initial);
  const { control, handleSubmit, getValues, setValue } = form;
  const [description, images, urls] = useWatch({ control, name: ['ProfileDescription', 'images', 'urls'] });
  const categoryList = categories?.IsUnauthorized ? [] : categoryChoices(categories?.Data);

  const onSave = handleSubmit(async (body) => {
    try {
      const res = await save(body).unwrap();
      // Spec §4: saving on the Template page reloads the page; the message is shown once it has reloaded.
      sessionStorage.setItem(SAVED_MESSAGE_KEY, res.ResponseMessage);
      window.location.reload();
    } catch (e) {
      showServerFieldErrors(e, form);
      toast.error(failureMessage(e, 'Error saving default location data.'));
    }
  });

  const onUpload = async (files: FileList | null) => {
    if (!files?.length || !user?.companyId) return;
    try {
      const res = await uploadImages({ companyId: user.companyId, files: [...files] }).unwrap();
      setValue('images', [...getValues('images'), ...res.Data], { shouldDirty: true });
      toast.success(res.ResponseMessage);
    } catch (e) {
      toast.error(failureMessage(e, 'Upload failed.'));
    }
  };

  const onDeleteImage = async (image: { Id?: string; MediaItemUrl: string }) => {
    const saved = image.Id && savedImages.some((i) => i.Id === image.Id);
    if (saved) {
      try {
        await deleteImage(image.Id!).unwrap();
      } catch (e) {
        // Spec §4: a failed delete is only logged.
        console.error('Deleting the default image failed', e);
        return;
      }
    }
    setValue(
      'images',
      getValues('images').filter((i) => i !== image),
      { shouldDirty: true },
    );
  };
  const setUrls = (next: string[]) => setValue('urls', next, { shouldDirty: true });

  const text = (key: 'Title' | 'PrimaryPhoneNumber' | 'StreetAddressLine1' | 'StreetAddressLine2' | 'Website', label: string, type = 'text') => (
    <TextField control={control} name={key} id={`defaults-${key}`} label={label} type={type} />
  );

  return (
    <div className="locus-defaults-page">
      <PageHeader
        title={m.title}
        subtitle={m.intro}
        actions={<Button intent={Intent.PRIMARY} text={m.save} onClick={() => void onSave()} loading={saving.isLoading} />}
      />
      <Card className="locus-defaults-form">
        {text('Title', 'Business Name')}
        {text('PrimaryPhoneNumber', 'Primary Phone Number', 'tel')}
        <Controller
          control={control}
          name="PrimaryCategoryId"
          render={({ field, fieldState }) => (
            <FormGroup label="Primary Category" intent={fieldState.error ? Intent.DANGER : Intent.NONE} helperText={errorMessageOf(fieldState.error)}>
              <ChoiceSelect choices={categoryList} value={field.value} onChange={(c) => field.onChange(c.value)} placeholder="- Primary Category -" />
            </FormGroup>
          )}
        />
        <Controller
          control={control}
          name="SelectedAdditionalCategories"
          render={({ field, fieldState }) => (
            <FormGroup label="Additional Categories" intent={fieldState.error ? Intent.DANGER : Intent.NONE} helperText={errorMessageOf(fieldState.error)}>
              <ChoiceMultiSelect choices={categoryList} values={field.value} onChange={field.onChange} placeholder="Additional Categories" />
            </FormGroup>
          )}
        />
        {text('StreetAddressLine1', 'Address Line 1')}
        {text('StreetAddressLine2', 'Address Line 2')}
        <FormGroup label="Country/Region">
          <InputGroup value="US" disabled />
        </FormGroup>
        <Controller
          control={control}
          name="State"
          render={({ field, fieldState }) => (
            <FormGroup label="State/Administrative Area" intent={fieldState.error ? Intent.DANGER : Intent.NONE} helperText={errorMessageOf(fieldState.error)}>
              <ChoiceSelect choices={stateChoices(states)} value={field.value} onChange={(c) => field.onChange(c.value)} placeholder="- Select State -" />
            </FormGroup>
          )}
        />
        {text('Website', 'Website Uri', 'url')}
        <TextAreaField
          control={control}
          name="ProfileDescription"
          id="defaults-ProfileDescription"
          label="Business Description"
          rows={5}
          maxLength={DESCRIPTION_MAX_LENGTH}
          hint={`${description.length} / ${DESCRIPTION_MAX_LENGTH}`}
        />
        <FormGroup label="Regular Business Hours">
          <Controller control={control} name="week" render={({ field }) => <HoursEditor week={field.value} onChange={field.onChange} />} />
        </FormGroup>
        <FormGroup label="Default Location Media">
          <FileInput
            text="Upload images..."
            inputProps={{ multiple: true, accept: 'image/*', 'aria-label': 'Upload default images' }}
            onInputChange={(e) => void onUpload(e.currentTarget.files)}
            disabled={uploading.isLoading}
          />
          <div className="locus-defaults-images">
            {images.map((image) => (
              <figure key={image.Id ?? image.MediaItemUrl}>
                <MediaThumbnail src={image.MediaItemUrl} alt="Default location media" size={130} />
                <Button small minimal icon="trash" intent={Intent.DANGER} aria-label="Delete image" onClick={() => void onDeleteImage(image)} />
              </figure>
            ))}
          </div>
        </FormGroup>
        <FormGroup label={m.addMedia}>
          {urls.map((url, i) => (
            <div className="locus-defaults-url" key={i}>
              <InputGroup
                type="url"
                placeholder={m.urlPlaceholder}
                value={url}
                onChange={(e) => setUrls(urls.map((u, j) => (j === i ? e.currentTarget.value : u)))}
              />
              {urls.length > 1 ? <Button minimal icon="cross" aria-label="Remove URL" onClick={() => setUrls(urls.filter((_, j) => j !== i))} /> : null}
            </div>
          ))}
          <Button small text={m.addMore} icon="plus" disabled={urls.some((u) => !u.trim())} onClick={() => setUrls([...urls, ''])} />
        </FormGroup>
      </Card>
    </div>
  );
};

export default DefaultLocationPage;

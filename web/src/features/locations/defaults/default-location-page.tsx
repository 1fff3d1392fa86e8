import { Button, Card, FileInput, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { MediaThumbnail } from '@web/shared/ui/media-thumbnail';
import { useEffect, useState } from 'react';
import { DESCRIPTION_MAX_LENGTH, locationDefaultsMessages as m } from '@locus/contracts';
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
});

/** Location Default(s) (spec part 1 §2): what Create Location starts from. */
const DefaultLocationPage = () => {
  const user = useCurrentUser();
  const { data: defaults, isLoading } = useLocationDefaultsQuery();
  const { data: hours } = useDefaultLocationHoursQuery();
  const { data: categories } = useGoogleCategoriesQuery();
  const { data: states } = useUsStatesQuery();
  const [save, saving] = useSaveLocationDefaultsMutation();
  const [deleteImage] = useDeleteDefaultImageMutation();
  const [uploadImages, uploading] = useUploadImagesMutation();
  const [form, setForm] = useState<DefaultsForm | null>(null);
  const [urls, setUrls] = useState<string[]>(['']);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!isLoading && hours && form === null) setForm(formOf(defaults ?? null, hours));
  }, [isLoading, hours, defaults, form]);
  useEffect(() => {
    const saved = sessionStorage.getItem(SAVED_MESSAGE_KEY);
    if (!saved) return;
    sessionStorage.removeItem(SAVED_MESSAGE_KEY);
    toast.success(saved);
  }, []);
  if (!form) return <PageSpinner />;
  const set = (patch: Partial<DefaultsForm>) => setForm({ ...form, ...patch });
  const categoryList = categories?.IsUnauthorized ? [] : categoryChoices(categories?.Data);

  const onSave = async () => {
    try {
      const res = await save({
        Title: form.Title,
        PrimaryPhoneNumber: form.PrimaryPhoneNumber,
        PrimaryCategoryId: form.PrimaryCategoryId,
        SelectedAdditionalCategories: form.SelectedAdditionalCategories,
        StreetAddressLine1: form.StreetAddressLine1,
        StreetAddressLine2: form.StreetAddressLine2,
        Region: 'US',
        State: form.State,
        Website: form.Website,
        ProfileDescription: form.ProfileDescription,
        BusinessHours: entriesForSave(form.week),
        LocationDefaultImagesUrl: [...form.images, ...urls.filter((u) => u.trim()).map((u) => ({ MediaItemUrl: u.trim() }))],
      }).unwrap();
      // Spec §4: saving on the Template page reloads the page; the message is shown once it has reloaded.
      sessionStorage.setItem(SAVED_MESSAGE_KEY, res.ResponseMessage);
      window.location.reload();
    } catch (e) {
      const fields = (e as { data?: { ApiError?: { Fields?: { Field: string; Message: string }[] } } }).data?.ApiError?.Fields ?? [];
      setErrors(Object.fromEntries(fields.map((f) => [f.Field.split('.')[0]!, f.Message])));
      toast.error(failureMessage(e, 'Error saving default location data.'));
    }
  };

  const onUpload = async (files: FileList | null) => {
    if (!files?.length || !user?.companyId) return;
    try {
      const res = await uploadImages({ companyId: user.companyId, files: [...files] }).unwrap();
      set({ images: [...form.images, ...res.Data] });
      toast.success(res.ResponseMessage);
    } catch (e) {
      toast.error(failureMessage(e, 'Upload failed.'));
    }
  };

  const onDeleteImage = async (image: { Id?: string; MediaItemUrl: string }) => {
    const saved = image.Id && defaults?.LocationDefaultImagesUrl.some((i) => i.Id === image.Id);
    if (saved) {
      try {
        await deleteImage(image.Id!).unwrap();
      } catch (e) {
        // Spec §4: a failed delete is only logged.
        console.error('Deleting the default image failed', e);
        return;
      }
    }
    set({ images: form.images.filter((i) => i !== image) });
  };

  const text = (key: 'Title' | 'PrimaryPhoneNumber' | 'StreetAddressLine1' | 'StreetAddressLine2' | 'Website', label: string, type = 'text') => (
    <FormGroup label={label} labelFor={`defaults-${key}`} helperText={errors[key]} intent={errors[key] ? Intent.DANGER : Intent.NONE}>
      <InputGroup id={`defaults-${key}`} type={type} value={form[key]} onChange={(e) => set({ [key]: e.currentTarget.value })} />
    </FormGroup>
  );

  return (
    <div className="locus-defaults-page">
      <PageHeader title={m.title} subtitle={m.intro} actions={<Button intent={Intent.PRIMARY} text={m.save} onClick={onSave} loading={saving.isLoading} />} />
      <Card className="locus-defaults-form">
        {text('Title', 'Business Name')}
        {text('PrimaryPhoneNumber', 'Primary Phone Number', 'tel')}
        <FormGroup label="Primary Category">
          <ChoiceSelect
            choices={categoryList}
            value={form.PrimaryCategoryId}
            onChange={(c) => set({ PrimaryCategoryId: c.value })}
            placeholder="- Primary Category -"
          />
        </FormGroup>
        <FormGroup label="Additional Categories">
          <ChoiceMultiSelect
            choices={categoryList}
            values={form.SelectedAdditionalCategories}
            onChange={(v) => set({ SelectedAdditionalCategories: v })}
            placeholder="Additional Categories"
          />
        </FormGroup>
        {text('StreetAddressLine1', 'Address Line 1')}
        {text('StreetAddressLine2', 'Address Line 2')}
        <FormGroup label="Country/Region">
          <InputGroup value="US" disabled />
        </FormGroup>
        <FormGroup label="State/Administrative Area">
          <ChoiceSelect choices={stateChoices(states)} value={form.State} onChange={(c) => set({ State: c.value })} placeholder="- Select State -" />
        </FormGroup>
        {text('Website', 'Website Uri', 'url')}
        <FormGroup
          label="Business Description"
          labelFor="defaults-ProfileDescription"
          helperText={errors.ProfileDescription ?? `${form.ProfileDescription.length} / ${DESCRIPTION_MAX_LENGTH}`}
          intent={errors.ProfileDescription ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="defaults-ProfileDescription"
            fill
            rows={5}
            maxLength={DESCRIPTION_MAX_LENGTH}
            value={form.ProfileDescription}
            onChange={(e) => set({ ProfileDescription: e.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup label="Regular Business Hours">
          <HoursEditor week={form.week} onChange={(week) => set({ week })} />
        </FormGroup>
        <FormGroup label="Default Location Media">
          <FileInput
            text="Upload images..."
            inputProps={{ multiple: true, accept: 'image/*', 'aria-label': 'Upload default images' }}
            onInputChange={(e) => void onUpload(e.currentTarget.files)}
            disabled={uploading.isLoading}
          />
          <div className="locus-defaults-images">
            {form.images.map((image) => (
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

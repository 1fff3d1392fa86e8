import { Button, Card, Checkbox, FormGroup, InputGroup, Intent, MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { type ReactElement, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { BulkEditField } from '@locus/contracts';
import { errorMessageOf, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { PageHeader } from '@web/shared/ui/page-header';
import { toast } from '@web/shared/ui/toaster';
import { RICH_EDITOR_HEIGHT, SINGLE_LINE_EDITOR_HEIGHT, VariableEditor } from '@web/shared/variable-editor/variable-editor';
import { useBulkEditJobsQuery, useBulkLocationsQuery, useSampleLocationQuery, useStartBulkEditMutation, type BulkLocationItem } from '../api/bulk-edit-api';
import { useLocalezeCategoriesQuery } from '../api/content-api';
import { useGoogleCategoriesQuery, useUsStatesQuery } from '../api/locations-api';
import { categoryChoices, filterChoices, stateChoices } from '../form/choices';
import { HoursEditor } from '../form/hours-editor';
import { ChoiceMultiSelect, ChoiceSelect } from '../form/pickers';
import {
  BulkEditFormSchema,
  chipsOf,
  DESCRIPTION_FIELD,
  initialBulkEditForm,
  renderedSample,
  templateSave,
  TEXT_FIELDS,
  type BulkEditForm,
  type TemplateSave,
} from './bulk-edit-form';
import { BULK_VARIABLE_LABELS, bulkTexts as t, MAX_CHIPS } from './constants';
import { JobProgress } from './job-progress';
import { SelectedLocationsDialog } from './selected-locations-dialog';
import { ImageUploader } from './image-uploader';
import { DefaultMediaField } from './default-media-field';
import { SampleValues } from './sample-values';
import { useLocationDefaultsQuery, useSaveLocationDefaultsMutation } from '../api/defaults-api';
import { SaveTemplateDialog } from './save-template-dialog';
import { DescriptionLengths, namesOf, overLimit, useDescriptionLengths } from './description-lengths';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { LocationLabel, locationLabelText } from '@web/shared/ui/location-label';
import './bulk-edit.css';
import { FeatureSlot } from '@web/app/feature-slots';

/** One field: its label, the Ignore checkbox that disables it, the input. */
const Field = ({
  label,
  ignored,
  onIgnore,
  children,
  flag,
}: {
  label: string;
  ignored: boolean;
  onIgnore: (v: boolean) => void;
  children: ReactNode;
  flag: string;
}) => (
  <FormGroup
    className="locus-bulk-field"
    label={
      <span className="locus-bulk-field-label">
        {label}
        <Checkbox
          inline
          checked={ignored}
          label={t.ignore}
          aria-label={`${t.ignore} ${label}`}
          data-flag={flag}
          onChange={(e) => onIgnore(e.currentTarget.checked)}
        />
      </span>
    }
  >
    {children}
  </FormGroup>
);

/** Location Bulk Edit (spec part 1 §2): selection, fields with Ignore, the rendered sample, publish, live progress. */
const BulkEditPage = (): ReactElement => {
  const kit = useContractForm(BulkEditFormSchema, initialBulkEditForm());
  const { getValues, reset, handleSubmit } = kit;
  const form = kit.watch();
  // the editors hand over whole new values (a field and its Ignore flag, or several lists at once)
  const setForm = (change: (f: BulkEditForm) => BulkEditForm) => reset(change(getValues()), { keepDefaultValues: true });
  const [dialog, setDialog] = useState(false);
  const [sampleId, setSampleId] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const { data: items = [], isError: itemsFailed, isSuccess: itemsLoaded } = useBulkLocationsQuery();
  // the picker offers one location group's locations when one is chosen; the selection keeps its titles from the full list
  const [groupId, setGroupId] = useState('');
  const grouped = useBulkLocationsQuery({ groupId }, { skip: !groupId });
  const choices = groupId ? (grouped.data ?? []) : items;
  const { data: categories } = useGoogleCategoriesQuery();
  const { data: states } = useUsStatesQuery();
  const localeze = useLocalezeCategoriesQuery();
  const { data: jobs } = useBulkEditJobsQuery();
  const [start, starting] = useStartBulkEditMutation();
  const [saveDefaults, savingDefaults] = useSaveLocationDefaultsMutation();
  const savedDefaults = useLocationDefaultsQuery();
  const [templateToSave, setTemplateToSave] = useState<TemplateSave | null>(null);
  const { confirm } = useConfirm();
  const lengths = useDescriptionLengths(form.selected, form.text.ProfileDescription, !form.ignore.BusninessDescription);
  const sampleQuery = useSampleLocationQuery(sampleId ?? '', { skip: !sampleId });

  const byId = useMemo(() => new Map(items.map((i) => [i.LocationId, i])), [items]);
  const selectedItems = form.selected.map((id) => byId.get(id)).filter((i): i is BulkLocationItem => !!i);
  const { shown, more } = chipsOf(selectedItems, MAX_CHIPS);
  const shownJob = jobId ?? jobs?.find((j) => j.Status === 'running')?.JobId ?? null;
  const categoryList = categories?.IsUnauthorized ? [] : categoryChoices(categories?.Data);

  const update = (patch: Partial<BulkEditForm>) => setForm((f) => ({ ...f, ...patch }));
  const setIgnore = (flag: BulkEditField, value: boolean) => setForm((f) => ({ ...f, ignore: { ...f.ignore, [flag]: value } }));
  const setText = (key: keyof BulkEditForm['text'], value: string) => setForm((f) => ({ ...f, text: { ...f.text, [key]: value } }));
  const toggleLocation = (item: BulkLocationItem) =>
    update({ selected: form.selected.includes(item.LocationId) ? form.selected.filter((x) => x !== item.LocationId) : [...form.selected, item.LocationId] });

  const categoryLabel = (name: string) => categoryList.find((c) => c.value === name)?.label ?? name;
  /** Compared with the defaults saved now (fetched afresh), then confirmed in a dialog listing each change. */
  const saveAsTemplate = async () => {
    const saved = await savedDefaults.refetch();
    if (saved.isError) return void toast.error(failureMessage(saved.error, t.errorSavingDefaults));
    const save = templateSave(form, saved.data ?? null, categoryLabel);
    if (!Object.keys(save.body).length) return void toast.warning(t.templateNothing);
    if (!save.changes.length) return void toast.info(t.templateSame);
    setTemplateToSave(save);
  };
  const confirmTemplate = async () => {
    if (!templateToSave) return;
    try {
      const res = await saveDefaults(templateToSave.body).unwrap();
      toast.success(res.ResponseMessage);
      setTemplateToSave(null);
    } catch (e) {
      toast.error(failureMessage(e, t.errorSavingDefaults));
    }
  };

  const publish = handleSubmit(
    async (body) => {
      // Named before publishing: the job leaves these descriptions as they are and changes the rest.
      const over = form.ignore.BusninessDescription ? [] : overLimit(lengths.data);
      if (over.length && !(await confirm(t.descriptionOver(namesOf(over))))) return;
      try {
        const res = await start(body).unwrap();
        toast.success(res.ResponseMessage ?? t.started);
        setJobId(res.Data.JobId);
      } catch (e) {
        toast.error(failureMessage(e, t.noLocationFound));
      }
    },
    // the editors are not bound one by one: the schema's first message is told
    (errors) => void toast.error(errorMessageOf(errors) ?? t.noLocationFound),
  );

  useEffect(() => {
    if (itemsFailed) toast.error(t.errorFetchingLocations);
  }, [itemsFailed]);
  useEffect(() => {
    if (localeze.isError) toast.error(t.errorFetchingLocaleze);
  }, [localeze.isError]);
  const localezeChoices = (localeze.data ?? []).map((c) => ({ value: c.Id, label: c.Name }));
  /** A field with its Ignore checkbox: `input` gets whether it is disabled (ignored). */
  const ignorable = (flag: BulkEditField, label: string, input: (disabled: boolean) => ReactNode) => (
    <Field label={label} flag={flag} ignored={form.ignore[flag]} onIgnore={(v) => setIgnore(flag, v)}>
      {input(form.ignore[flag])}
    </Field>
  );
  const localezeNames = Object.fromEntries(form.localeze.map((c) => [c.Id, c.Name]));

  return (
    <div className="locus-bulk-page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="locus-bulk-layout">
        <Card className="locus-bulk-form">
          {/* A company without locations is told so up front, not only inside an empty picker. */}
          <FormGroup label={t.locations} labelFor="bulk-locations" helperText={itemsLoaded && items.length === 0 ? t.noLocations : undefined}>
            <FeatureSlot name="locationGroupFilter" value={groupId} onChange={setGroupId} />
            <MultiSelect<BulkLocationItem>
              items={choices}
              selectedItems={shown}
              itemListPredicate={(query, all) => {
                const ids = new Set(
                  filterChoices(
                    query,
                    all.map((i) => ({ value: i.LocationId, label: `${i.StoreCode} ${i.Title} ${i.Address}` })),
                    200,
                  ).map((c) => c.value),
                );
                return all.filter((i) => ids.has(i.LocationId));
              }}
              itemRenderer={(item, { handleClick, handleFocus, modifiers, ref }) => (
                <MenuItem
                  key={item.LocationId}
                  ref={ref}
                  text={<LocationLabel item={item} />}
                  active={modifiers.active}
                  selected={form.selected.includes(item.LocationId)}
                  onClick={handleClick}
                  onFocus={handleFocus}
                  roleStructure="listoption"
                />
              )}
              onItemSelect={toggleLocation}
              onRemove={(item) => update({ selected: form.selected.filter((x) => x !== item.LocationId) })}
              tagRenderer={(item) => (item.StoreCode ? `${item.Title} (${item.StoreCode})` : item.Title)}
              placeholder={t.selectPlaceholder}
              noResults={<MenuItem disabled text={t.noLocations} roleStructure="listoption" />}
              resetOnSelect
              fill
              popoverProps={{ minimal: true, matchTargetWidth: true }}
              tagInputProps={{ inputProps: { id: 'bulk-locations', 'aria-label': t.selectPlaceholder } }}
            />
          </FormGroup>
          <div className="locus-bulk-selection">
            <span data-testid="bulk-selected-label">{t.selectedLabel(form.selected.length)}</span>
            {more > 0 ? <Button minimal small intent={Intent.PRIMARY} text={t.moreSelected(more)} onClick={() => setDialog(true)} /> : null}
            <Button
              small
              text={t.selectAll}
              onClick={() => update({ selected: [...new Set([...(groupId ? form.selected : []), ...choices.map((i) => i.LocationId)])] })}
              disabled={!choices.length}
            />
            <Button small text={t.clear} onClick={() => update({ selected: [] })} disabled={!form.selected.length} />
          </div>

          {TEXT_FIELDS.map((f) => (
            <Field key={f.key} label={f.label} flag={f.flag} ignored={form.ignore[f.flag]} onIgnore={(v) => setIgnore(f.flag, v)}>
              <VariableEditor
                label={f.label}
                value={form.text[f.key]}
                onChange={(v) => setText(f.key, v)}
                variables={BULK_VARIABLE_LABELS}
                output="text"
                singleLine
                showChips={!form.ignore[f.flag]}
                height={SINGLE_LINE_EDITOR_HEIGHT}
                disabled={form.ignore[f.flag]}
              />
            </Field>
          ))}
          <Field
            label={DESCRIPTION_FIELD.label}
            flag={DESCRIPTION_FIELD.flag}
            ignored={form.ignore.BusninessDescription}
            onIgnore={(v) => setIgnore('BusninessDescription', v)}
          >
            <VariableEditor
              label={DESCRIPTION_FIELD.label}
              value={form.text.ProfileDescription}
              onChange={(v) => setText('ProfileDescription', v)}
              variables={BULK_VARIABLE_LABELS}
              output="text"
              height={RICH_EDITOR_HEIGHT}
              showChips={!form.ignore.BusninessDescription}
              disabled={form.ignore.BusninessDescription}
            />
            {!form.ignore.BusninessDescription && lengths.data?.length ? <DescriptionLengths rows={lengths.data} /> : null}
          </Field>
          {ignorable('PrimaryCategory', 'Primary Category', (disabled) => (
            <ChoiceSelect
              choices={categoryList}
              value={form.primaryCategory}
              onChange={(c) => update({ primaryCategory: c.value })}
              placeholder={t.primaryCategory}
              disabled={disabled}
            />
          ))}
          {ignorable('AdditionalCategories', t.additionalCategories, (disabled) => (
            <ChoiceMultiSelect
              choices={categoryList}
              values={form.additionalCategories}
              onChange={(values) => update({ additionalCategories: values })}
              placeholder={t.additionalCategories}
              disabled={disabled}
            />
          ))}
          {ignorable('LocaleZeCategories', t.localezeCategories, (disabled) => (
            <ChoiceMultiSelect
              choices={localezeChoices}
              values={form.localeze.map((c) => c.Id)}
              labels={localezeNames}
              onChange={(ids) =>
                update({
                  localeze: ids.map((id) => ({ Id: id, Name: localeze.data?.find((c) => c.Id === id)?.Name ?? localezeNames[id] ?? id })),
                })
              }
              placeholder={localeze.isFetching ? 'Loading Localeze categories...' : t.localezeCategories}
              disabled={disabled}
            />
          ))}
          <FormGroup label={t.country}>
            <InputGroup value="US" disabled aria-label={t.country} />
          </FormGroup>
          {ignorable('State', 'State/Administrative Area', (disabled) => (
            <ChoiceSelect
              choices={stateChoices(states)}
              value={form.state}
              onChange={(c) => update({ state: c.value })}
              placeholder={t.selectState}
              disabled={disabled}
            />
          ))}
          {ignorable('BusinessHours', t.hours, (disabled) => (
            <HoursEditor week={form.week} onChange={(week) => update({ week })} disabled={disabled} />
          ))}
          {ignorable('ProfilePhoto', 'Location Logo', (disabled) => (
            <ImageUploader kind="logo" value={form.logo} onChange={(logo) => update({ logo })} disabled={disabled} />
          ))}
          {ignorable('CoverPhoto', 'Location Cover', (disabled) => (
            <ImageUploader kind="cover" value={form.cover} onChange={(cover) => update({ cover })} disabled={disabled} />
          ))}
          {ignorable('LocationDefaultImage', t.defaultMedia, (disabled) => (
            <DefaultMediaField value={form.media} onChange={(media) => update({ media })} disabled={disabled} />
          ))}
          <div className="locus-bulk-publish">
            <Button icon="floppy-disk" text={t.saveAsTemplate} onClick={() => void saveAsTemplate()} loading={savingDefaults.isLoading} />
            <Button
              intent={Intent.PRIMARY}
              icon="upload"
              text={starting.isLoading ? t.publishing : t.publish}
              disabled={!form.selected.length || starting.isLoading}
              onClick={() => void publish()}
            />
          </div>
        </Card>

        <Card className="locus-bulk-sample" aria-label={t.sampleTitle}>
          <strong>{t.sampleTitle}</strong>
          <ChoiceSelect
            choices={selectedItems.map((i) => ({ value: i.LocationId, label: locationLabelText(i) }))}
            value={sampleId}
            onChange={(c) => setSampleId(c.value)}
            placeholder={t.searchLocations}
          />
          {sampleId && sampleQuery.data ? (
            <SampleValues values={renderedSample(form, sampleQuery.data)} testId="bulk-sample" />
          ) : (
            <p className="bp6-text-muted">{t.sampleEmpty}</p>
          )}
          {shownJob ? <JobProgress jobId={shownJob} /> : null}
        </Card>
      </div>
      {templateToSave ? (
        <SaveTemplateDialog
          save={templateToSave}
          saving={savingDefaults.isLoading}
          onConfirm={() => void confirmTemplate()}
          onClose={() => setTemplateToSave(null)}
        />
      ) : null}
      {dialog ? <SelectedLocationsDialog items={selectedItems} form={form} onClose={() => setDialog(false)} /> : null}
    </div>
  );
};

export default BulkEditPage;

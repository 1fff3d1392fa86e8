import { Button, Card, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { updateProfileRoute } from '@locus/contracts';
import { useRef } from 'react';
import { useRefreshSession } from '@web/app/session-api';
import { TextField } from '@web/shared/forms/contract-fields';
import { showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage, responseMessage } from '@web/shared/lib/envelope';
import { Avatar } from '@web/shared/ui/avatar';
import { toast } from '@web/shared/ui/toaster';
import { useRemoveAvatarMutation, useUpdateProfileMutation, useUploadAvatarMutation, type UserProfile } from '../api/profile-api';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, profileTexts as t } from '../constants';
import { avatarProblem } from '../validation';

type Editable = Pick<UserProfile, 'FirstName' | 'LastName' | 'Email' | 'PhoneNumber' | 'AddressLine1' | 'AddressLine2' | 'City' | 'PostalCode'>;

const editableOf = (p: UserProfile): Editable => ({
  FirstName: p.FirstName,
  LastName: p.LastName,
  Email: p.Email,
  PhoneNumber: p.PhoneNumber,
  AddressLine1: p.AddressLine1,
  AddressLine2: p.AddressLine2,
  City: p.City,
  PostalCode: p.PostalCode,
});

export const PersonalInfoCard = ({ profile }: { profile: UserProfile }) => {
  // the reasons Update Profile is disabled show beside their fields as they are typed
  const form = useContractForm(updateProfileRoute, editableOf(profile), { showErrors: 'as-typed' });
  const { control, handleSubmit, formState } = form;
  const [update, updateState] = useUpdateProfileMutation();
  const [upload, uploadState] = useUploadAvatarMutation();
  const [removeAvatar, removeState] = useRemoveAvatarMutation();
  const refreshSession = useRefreshSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const fullName = `${profile.FirstName} ${profile.LastName}`.trim();

  const submit = handleSubmit(async (values) => {
    try {
      const res = await update({ ...values, CompanyName: profile.CompanyName }).unwrap();
      toast.success(res.ResponseMessage || t.profileUpdated);
      await refreshSession();
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(responseMessage(err, t.genericFailure));
    }
  });

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = avatarProblem(
      file,
      { mimeTypes: AVATAR_MIME_TYPES, maxBytes: AVATAR_MAX_BYTES },
      { notImage: t.avatarNotImage, tooLarge: t.avatarTooLarge },
    );
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const res = await upload(file).unwrap();
      toast.success(res.ResponseMessage || t.avatarUpdated);
      await refreshSession();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const remove = async () => {
    try {
      const res = await removeAvatar().unwrap();
      toast.success(res.ResponseMessage || t.avatarRemoved);
      await refreshSession();
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  const field = (name: keyof Editable, label: string, type = 'text', required = false) => (
    <TextField key={name} control={control} name={name} id={`profile-${name}`} label={label} type={type} required={required} className="locus-form-cell" />
  );

  return (
    <Card className="locus-card">
      <H5>{t.personalInfo}</H5>
      <div className="locus-avatar-row">
        <Avatar name={fullName} url={profile.ImgUrl} size={96} />
        <div className="locus-avatar-actions">
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={AVATAR_MIME_TYPES.join(',')}
            aria-label={t.uploadImage}
            onChange={(e) => {
              const input = e.currentTarget;
              void chooseFile(input.files?.[0]);
              input.value = '';
            }}
          />
          <Button icon="upload" text={t.uploadImage} onClick={() => fileInput.current?.click()} loading={uploadState.isLoading} />
          {profile.ImgUrl ? <Button icon="trash" text={t.removeImage} onClick={() => void remove()} loading={removeState.isLoading} /> : null}
        </div>
      </div>
      <form onSubmit={submit} noValidate>
        <div className="locus-form-grid">
          {field('FirstName', t.firstName, 'text', true)}
          {field('LastName', t.lastName)}
          {field('Email', t.email, 'email', true)}
          {field('PhoneNumber', t.phone, 'tel')}
          <FormGroup label={t.companyName} labelFor="profile-company" className="locus-form-cell">
            <InputGroup id="profile-company" value={profile.CompanyName ?? ''} disabled />
          </FormGroup>
          {field('AddressLine1', t.address1)}
          {field('AddressLine2', t.address2)}
          {field('City', t.city)}
          {field('PostalCode', t.postalCode)}
        </div>
        <Button type="submit" intent="primary" text={t.updateProfile} loading={updateState.isLoading} disabled={!formState.isValid} />
      </form>
    </Card>
  );
};

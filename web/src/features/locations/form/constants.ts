import { COUNTRY_CODE } from '@locus/contracts';

export { COUNTRY_CODE };

/** Labels of the address and owner/contact fields both location dialogs show (spec part 1 §2, part 2 §3). */
export const addressContactTexts = {
  sections: { address: 'Address' },
  fields: {
    address1: 'Address Line 1',
    address2: 'Address Line 2',
    country: 'Country/Region',
    state: 'State/Administrative Area',
    city: 'City',
    postCode: 'Postal Code',
    latitude: 'Latitude',
    longitude: 'Longitude',
    primaryEmail: 'Primary Email',
    ownerFirstName: 'Owner First Name',
    ownerLastName: 'Owner Last Name',
    openingDate: 'Opening Date',
  },
  placeholders: { state: '- Select State -', city: '- Select City -' },
  countryName: 'United States',
} as const;

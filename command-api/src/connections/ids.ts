import { v5 as uuidv5 } from 'uuid';

const CONNECTION_NAMESPACE = '3d7c1f0a-9b1e-4c55-8f0e-6a2b7d9c4e10';
const IMPORTED_LOCATION_NAMESPACE = 'b8e4a2d6-1c3f-4e7a-9d2b-5f6a8c0e1b34';

/** One connection per company and Google account: reconnecting reuses the stream. */
export const connectionIdOf = (companyId: string, accountName: string) => uuidv5(`${companyId}|${accountName}`, CONNECTION_NAMESPACE);

/** A Google location imported into a company always gets the same Locus id. */
export const importedLocationIdOf = (companyId: string, googleName: string) => uuidv5(`${companyId}|${googleName}`, IMPORTED_LOCATION_NAMESPACE);

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

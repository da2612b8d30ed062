// The reference lists a new installation starts with (product-decisions.md: "Lookups and
// statuses"). Admins edit them afterwards. Statuses, activities and event types are listed in
// this order (their ids are made in this order).
import type { DelayAttribution, EventKind } from '../../../src/domain/enums.js';

/** ISO 3166-1 alpha-2 code, name: ports' countries, customers' countries and flag states. */
export const countries: readonly [string, string][] = [
  ['ES', 'Spain'],
  ['PT', 'Portugal'],
  ['FR', 'France'],
  ['IT', 'Italy'],
  ['DE', 'Germany'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['GB', 'United Kingdom'],
  ['NO', 'Norway'],
  ['DK', 'Denmark'],
  ['MT', 'Malta'],
  ['GR', 'Greece'],
  ['TR', 'Türkiye'],
  ['MA', 'Morocco'],
  ['CN', 'China'],
  ['KR', 'South Korea'],
  ['JP', 'Japan'],
  ['IN', 'India'],
  ['BR', 'Brazil'],
  ['US', 'United States'],
  ['PA', 'Panama'],
  ['LR', 'Liberia'],
  ['MH', 'Marshall Islands'],
  ['AG', 'Antigua and Barbuda'],
];

export const commodities = [
  { code: 'coil', name: 'Coil' },
  { code: 'granite', name: 'Granite' },
  { code: 'aluminium', name: 'Aluminium' },
  { code: 'other', name: 'Other' },
] as const;

export const projectStatuses = ['Planned', 'In progress', 'Completed', 'Closed'];
export const reportStatuses = ['Draft', 'Completed'];
export const incidenceStatuses = ['Open', 'In progress', 'Resolved', 'Closed'];
export const incidenceTypes = [
  { code: 'internal', name: 'Internal' },
  { code: 'provider', name: 'Provider' },
] as const;
export const projectActivities = [
  { name: 'Charge', operation: 'Charge' },
  { name: 'Discharge', operation: 'Discharge' },
] as const;

export const craneTypes = [
  'Mobile harbour crane',
  "Ship's crane",
  'Ship-to-shore gantry crane',
  'Level-luffing crane',
  'Floating crane',
  'Crawler crane',
];

/** UN/LOCODE, name, country. */
export const ports: readonly [string, string, string][] = [
  ['ESSAG', 'Sagunto', 'ES'],
  ['ESVLC', 'Valencia', 'ES'],
  ['ESCAS', 'Castellón', 'ES'],
  ['ESBCN', 'Barcelona', 'ES'],
  ['ESTAR', 'Tarragona', 'ES'],
  ['ESBIO', 'Bilbao', 'ES'],
  ['ESSDR', 'Santander', 'ES'],
  ['ESGIJ', 'Gijón', 'ES'],
  ['ESAVS', 'Avilés', 'ES'],
  ['ESVGO', 'Vigo', 'ES'],
  ['ESHUV', 'Huelva', 'ES'],
  ['ESALG', 'Algeciras', 'ES'],
  ['ESCAR', 'Cartagena', 'ES'],
  ['PTLEI', 'Leixões', 'PT'],
  ['FRMRS', 'Marseille', 'FR'],
  ['ITGOA', 'Genoa', 'IT'],
  ['NLRTM', 'Rotterdam', 'NL'],
  ['BEANR', 'Antwerp', 'BE'],
  ['DEHAM', 'Hamburg', 'DE'],
  ['CNSHA', 'Shanghai', 'CN'],
  ['CNTSN', 'Tianjin', 'CN'],
  ['KRPUS', 'Busan', 'KR'],
  ['INBOM', 'Mumbai', 'IN'],
  ['BRSSZ', 'Santos', 'BR'],
  ['USHOU', 'Houston', 'US'],
];

/** Name, flag. IMO numbers are left for the admin to fill in: the demo makes none up. */
export const vessels: readonly [string, string][] = [
  ['Star Lindesnes', 'NO'],
  ['BBC Oregon', 'AG'],
  ['Pan Crystal', 'KR'],
  ['Atlantic Pioneer', 'MT'],
  ['Nordic Steel', 'LR'],
  ['Mar Cantábrico', 'PT'],
  ['Iron Mistral', 'MH'],
  ['Granite Trader', 'PA'],
];

/** Customers and providers for the demo (fictitious companies). */
export const accounts = [
  {
    trade_name: 'Siderúrgica Levantina',
    legal_name: 'Siderúrgica Levantina S.A.',
    tax_id: 'A46218537',
    country: 'ES',
  },
  {
    trade_name: 'Aceros del Cantábrico',
    legal_name: 'Aceros del Cantábrico S.L.',
    tax_id: 'B39574210',
    country: 'ES',
  },
  {
    trade_name: 'Nordic Aluminium Trading',
    legal_name: 'Nordic Aluminium Trading AS',
    tax_id: 'NO918273645',
    country: 'NO',
  },
  {
    trade_name: 'Granitos del Noroeste',
    legal_name: 'Granitos del Noroeste S.A.',
    tax_id: 'A36482915',
    country: 'ES',
  },
  {
    trade_name: 'Grúas Levante',
    legal_name: 'Grúas y Montajes Levante S.L.',
    tax_id: 'B12573948',
    country: 'ES',
  },
] as const;

/** Master event types: description, kind, who causes the delay (stoppages). */
export const eventTypes: readonly [string, EventKind, DelayAttribution | null][] = [
  ['Vessel arrived', 'milestone', null],
  ['NOR tendered', 'milestone', null],
  ['All fast', 'milestone', null],
  ['Hatch opening', 'stoppage', 'ship'],
  ['Operations commenced', 'milestone', null],
  ['Working shift', 'working', null],
  ['Meal break', 'stoppage', 'stevedore'],
  ['Rain', 'stoppage', 'weather'],
  ['Crane breakdown', 'stoppage', 'stevedore'],
  ['Waiting for cargo', 'stoppage', 'receiver'],
  ['Waiting for trucks', 'stoppage', 'receiver'],
  ['Hatch closing', 'stoppage', 'ship'],
  ['Operations completed', 'milestone', null],
  ['Documents on board', 'milestone', null],
  ['Vessel sailed', 'milestone', null],
];
